import { eq } from 'drizzle-orm';
import type { CampaignKind } from '@contract/ids';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { audit } from '../audit/audit';
import { acceptUpload, type AcceptedUpload } from '../uploads/accept-upload';
import { ownImage, type Catalogue, type ProductForm, type ProductRow, type ProductTable } from './catalogue-kinds';
import { findProductForUpdate, productIsUsed } from './queries';
import { siteImageAddress } from './site-image';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'config'>;
type Admin = { id: number };
type Reply = { message: string; id: number; withdrawn?: boolean };

const PRODUCT_NOT_FOUND = 'That product was not found. It may have been deleted.';
const WITHDRAWN =
  'This product is used by campaigns, so it was withdrawn instead of deleted: it no longer shows in the catalog, and its campaigns keep their details.';

/**
 * One catalogue change: the image (if any) checked by its bytes first, then the row, the image's
 * use and the audit entry in one transaction; an image replaced or orphaned is removed afterwards.
 */
async function withImage<T>(
  deps: Deps,
  admin: Admin,
  key: string | undefined,
  work: (tx: Db, storedKey: string | null) => Promise<{ result: T; oldKey?: string | null }>,
): Promise<T> {
  const image: AcceptedUpload | null = key
    ? await acceptUpload(deps, { key, ownerId: admin.id, purpose: 'productImage', field: 'imageKey' })
    : null;
  let committed = false;
  let oldKey: string | null | undefined;
  try {
    const result = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      if (image) await image.commit(tx);
      const done = await work(tx, image?.storedKey ?? null);
      oldKey = done.oldKey;
      return done.result;
    });
    committed = true;
    return result;
  } finally {
    await image?.settle(committed);
    if (committed && ownImage(oldKey)) await deps.storage.remove(oldKey).catch(() => undefined);
  }
}

/** The form with an image address (organization products only) reduced to the path of this site's image it names. */
function withSiteImage<K extends CampaignKind>(deps: Deps, form: ProductForm<K>): ProductForm<K> {
  const address = (form as { image_url?: string | null }).image_url;
  if (!address) return form;
  return { ...form, image_url: siteImageAddress(address, publicBaseUrl(deps.config)) };
}

/**
 * The writes below see the two tables as one: Drizzle cannot relate a table picked by a type
 * parameter to its own columns. Each kind's `values` is typed by its own table, in catalogue-kinds.ts.
 */
const tableOf = <K extends CampaignKind>(catalogue: Catalogue<K>): ProductTable<CampaignKind> => catalogue.table;

export async function createProduct<K extends CampaignKind>(
  deps: Deps,
  catalogue: Catalogue<K>,
  admin: Admin,
  given: ProductForm<K>,
): Promise<Reply> {
  const form = withSiteImage(deps, given);
  return withImage(deps, admin, form.imageKey, async (tx, stored) => {
    const table = tableOf(catalogue);
    const values = catalogue.values(form, catalogue.image(form, stored, null));
    // Typed per kind by `values`; the union of the two tables asks every column either one requires.
    const [row] = await tx
      .insert(table)
      .values(values as never)
      .returning();
    const created = row as ProductRow<K>;
    await audit(tx, {
      adminId: admin.id,
      action: `${catalogue.entity}.create`,
      entity: catalogue.entity,
      entityId: created.id,
      details: { after: catalogue.summary(created) },
    });
    return { result: { message: catalogue.added(form), id: created.id } };
  });
}

export async function editProduct<K extends CampaignKind>(
  deps: Deps,
  catalogue: Catalogue<K>,
  admin: Admin,
  id: number,
  given: ProductForm<K>,
): Promise<Reply> {
  const form = withSiteImage(deps, given);
  // The organizations' edit form sends the id too.
  const formId = (form as { id?: number }).id;
  if (formId !== undefined && formId !== id)
    throw new AppError('bad_request', 'The product in the address and in the form are not the same.');
  return withImage(deps, admin, form.imageKey, async (tx, stored) => {
    const before = await findProductForUpdate(tx, catalogue.kind, id);
    if (!before) throw new AppError('not_found', PRODUCT_NOT_FOUND);
    const table = tableOf(catalogue);
    const current = catalogue.imageOf(before);
    const image = catalogue.image(form, stored, current);
    const [row] = await tx
      .update(table)
      .set({ ...catalogue.values(form, image), updatedAt: new Date() })
      .where(eq(table.id, id))
      .returning();
    await audit(tx, {
      adminId: admin.id,
      action: `${catalogue.entity}.update`,
      entity: catalogue.entity,
      entityId: id,
      details: {
        before: catalogue.summary(before),
        after: catalogue.summary(row as ProductRow<K>),
        image_replaced: image !== current,
      },
    });
    return { result: { message: 'Product updated successfully!', id }, oldKey: image !== current ? current : null };
  });
}

/** Deletes an unused product with its image; one that campaigns use is withdrawn and kept for them. */
export async function deleteProduct<K extends CampaignKind>(
  deps: Deps,
  catalogue: Catalogue<K>,
  admin: Admin,
  id: number,
): Promise<Reply> {
  return withImage<Reply>(deps, admin, undefined, async (tx) => {
    const before = await findProductForUpdate(tx, catalogue.kind, id);
    if (!before) throw new AppError('not_found', PRODUCT_NOT_FOUND);
    const table = tableOf(catalogue);
    if (await productIsUsed(tx, catalogue.kind, id)) {
      await tx
        .update(table)
        .set({ ...catalogue.withdraw, withdrawnAt: new Date() })
        .where(eq(table.id, id));
      await audit(tx, {
        adminId: admin.id,
        action: `${catalogue.entity}.withdraw`,
        entity: catalogue.entity,
        entityId: id,
        details: { before: { name: before.name } },
      });
      return { result: { message: WITHDRAWN, id, withdrawn: true } };
    }
    await tx.delete(table).where(eq(table.id, id));
    await audit(tx, {
      adminId: admin.id,
      action: `${catalogue.entity}.delete`,
      entity: catalogue.entity,
      entityId: id,
      details: { before: { name: before.name, price: before.priceKobo } },
    });
    return {
      result: { message: 'Product deleted successfully!', id, withdrawn: false },
      oldKey: catalogue.imageOf(before),
    };
  });
}
