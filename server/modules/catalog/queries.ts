import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { CatalogProduct, OrganizationProduct } from '@contract/requests';
import type { CampaignKind } from '@contract/ids';
import type { Db } from '../../db/client';
import { organizationProducts, products } from '../../db/schema/all';
import type { Storage } from '../../providers/storage/storage';
import { afterKey, decodeKeyCursor, keyOrder, keyPage, keyText, type Keyset } from '../../db/cursor';
import { campaignKinds } from '../campaigns/kinds';
import { imageOf } from '../campaigns/reply-fields';
import type { ProductRow as RowOf, ProductTable } from './catalogue-kinds';

type ProductRow = typeof products.$inferSelect;
type OrganizationProductRow = typeof organizationProducts.$inferSelect;

/** What both catalogues show of a product; the image column is each catalogue's own. */
function productOf(storage: Storage, p: ProductRow | OrganizationProductRow, imageKey: string | null) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.priceKobo,
    ...imageOf(storage, imageKey),
    max_quantity: p.maxQuantity,
    specifications: p.specifications,
  };
}

const toCatalogProduct = (storage: Storage, p: ProductRow): CatalogProduct => productOf(storage, p, p.imageKey);

const toOrganizationProduct = (storage: Storage, p: OrganizationProductRow): OrganizationProduct => ({
  ...productOf(storage, p, p.imageUrl),
  is_available: p.isAvailable,
});

/** The recipients' catalogue: every product not withdrawn, by name. */
export async function listCatalogProducts(db: Db, storage: Storage): Promise<CatalogProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(isNull(products.withdrawnAt))
    .orderBy(asc(products.name), asc(products.id));
  return rows.map((p) => toCatalogProduct(storage, p));
}

async function listOrganizationProducts(db: Db, storage: Storage, where: SQL | undefined, order: SQL[]) {
  const rows = await db
    .select()
    .from(organizationProducts)
    .where(and(isNull(organizationProducts.withdrawnAt), where))
    .orderBy(...order);
  return rows.map((p) => toOrganizationProduct(storage, p));
}

/** Organization products organizations may request: the available ones, by name. */
export function listAvailableOrganizationProducts(db: Db, storage: Storage): Promise<OrganizationProduct[]> {
  return listOrganizationProducts(db, storage, eq(organizationProducts.isAvailable, true), [
    asc(organizationProducts.name),
    asc(organizationProducts.id),
  ]);
}

/** A product not withdrawn, locked for the change an admin makes to it. */
export async function findProductForUpdate<K extends CampaignKind>(
  db: Db,
  kind: K,
  id: number,
): Promise<RowOf<K> | undefined> {
  const table: ProductTable<CampaignKind> = campaignKinds[kind].products;
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, id), isNull(table.withdrawnAt)))
    .for('update');
  return row as RowOf<K> | undefined;
}

/** Whether any campaign of the kind, in any status, asks for the product. */
export async function productIsUsed(db: Db, kind: CampaignKind, id: number): Promise<boolean> {
  const { campaigns, productId } = campaignKinds[kind];
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(productId, id)).limit(1);
  return Boolean(row);
}

/** The admin catalogues' orders: recipient products by name, organization products newest first. */
const ADMIN_ORDER: { [K in CampaignKind]: Keyset } = {
  recipient: { column: products.name, type: 'text', direction: 'asc', id: products.id },
  organization: {
    column: organizationProducts.createdAt,
    type: 'timestamp',
    direction: 'desc',
    id: organizationProducts.id,
  },
};

type AdminProduct<K extends CampaignKind> = K extends 'recipient' ? CatalogProduct : OrganizationProduct;

/** One page of a catalogue as admins manage it (never the withdrawn), after the cursor, with the true total. */
export async function pageAdminProducts<K extends CampaignKind>(
  db: Db,
  storage: Storage,
  kind: K,
  page: { limit: number; cursor?: string },
): Promise<{ items: AdminProduct<K>[]; total: number; nextCursor: string | null }> {
  const table: ProductTable<CampaignKind> = campaignKinds[kind].products;
  const keyset = ADMIN_ORDER[kind];
  const after = decodeKeyCursor(page.cursor, keyset.type);
  const live = isNull(table.withdrawnAt);
  const [[count], rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(live),
    db
      .select({ product: table, sortKey: keyText(keyset), id: table.id })
      .from(table)
      .where(after ? and(live, afterKey(keyset, after)) : live)
      .orderBy(...keyOrder(keyset))
      .limit(page.limit + 1),
  ]);
  const { rows: kept, nextCursor } = keyPage(rows, page.limit);
  const items = kept.map(({ product }) =>
    kind === 'recipient'
      ? toCatalogProduct(storage, product as ProductRow)
      : toOrganizationProduct(storage, product as OrganizationProductRow),
  ) as AdminProduct<K>[];
  return { items, total: Number(count?.n ?? 0), nextCursor };
}
