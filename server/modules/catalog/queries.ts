import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { CatalogProduct, OrganizationProduct } from '@contract/requests';
import type { Db } from '../../db/client';
import { organizationCampaigns, organizationProducts, products, recipientCampaigns } from '../../db/schema/all';
import type { Storage } from '../../providers/storage/storage';
import { imageOf } from '../campaigns/reply-fields';

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

export async function findProductForUpdate(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.withdrawnAt)))
    .for('update');
  return row;
}

export async function findOrganizationProductForUpdate(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(organizationProducts)
    .where(and(eq(organizationProducts.id, id), isNull(organizationProducts.withdrawnAt)))
    .for('update');
  return row;
}

export async function productIsUsed(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: recipientCampaigns.id })
    .from(recipientCampaigns)
    .where(eq(recipientCampaigns.productId, id))
    .limit(1);
  return Boolean(row);
}

export async function organizationProductIsUsed(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: organizationCampaigns.id })
    .from(organizationCampaigns)
    .where(eq(organizationCampaigns.organizationProductId, id))
    .limit(1);
  return Boolean(row);
}

/** Every organization product an admin manages: available or not, never the withdrawn; newest first. */
export function listAllOrganizationProducts(db: Db, storage: Storage): Promise<OrganizationProduct[]> {
  return listOrganizationProducts(db, storage, undefined, [
    desc(organizationProducts.createdAt),
    desc(organizationProducts.id),
  ]);
}
