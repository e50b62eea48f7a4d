import { eq } from 'drizzle-orm';
import type { OrganizationProductInput, ProductInput } from '@contract/catalog-admin';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { organizationProducts, products } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { audit } from '../audit/audit';
import { acceptUpload, type AcceptedUpload } from '../uploads/accept-upload';
import {
  findOrganizationProductForUpdate,
  findProductForUpdate,
  organizationProductIsUsed,
  productIsUsed,
} from './queries';

type Deps = Pick<AppDeps, 'db' | 'storage'>;
type Admin = { id: number };
type Reply = { message: string; id: number; withdrawn?: boolean };

const PRODUCT_NOT_FOUND = 'That product was not found. It may have been deleted.';
const WITHDRAWN =
  'This product is used by campaigns, so it was withdrawn instead of deleted: it no longer shows in the catalog, and its campaigns keep their details.';

/** A stored image (ours to remove), not an address elsewhere. */
const ownImage = (key: string | null | undefined): key is string =>
  Boolean(key) && !/^https?:\/\//i.test(key!) && !key!.startsWith('/');

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

export async function createProduct(
  deps: Deps,
  admin: Admin,
  input: ProductInput & { imageKey: string },
): Promise<Reply> {
  return withImage(deps, admin, input.imageKey, async (tx, stored) => {
    const [row] = await tx
      .insert(products)
      .values({ name: input.name, description: input.description, priceKobo: input.price, imageKey: stored })
      .returning({ id: products.id });
    await audit(tx, {
      adminId: admin.id,
      action: 'product.create',
      entity: 'product',
      entityId: row!.id,
      details: { after: { name: input.name, price: input.price } },
    });
    return { result: { message: 'Successfully added product', id: row!.id } };
  });
}

export async function editProduct(deps: Deps, admin: Admin, id: number, input: ProductInput): Promise<Reply> {
  return withImage(deps, admin, input.imageKey, async (tx, stored) => {
    const before = await findProductForUpdate(tx, id);
    if (!before) throw new AppError('not_found', PRODUCT_NOT_FOUND);
    await tx
      .update(products)
      .set({
        name: input.name,
        description: input.description,
        priceKobo: input.price,
        ...(stored ? { imageKey: stored } : {}),
        updatedAt: new Date(),
      })
      .where(eq(products.id, id));
    await audit(tx, {
      adminId: admin.id,
      action: 'product.update',
      entity: 'product',
      entityId: id,
      details: {
        before: { name: before.name, price: before.priceKobo },
        after: { name: input.name, price: input.price },
        image_replaced: Boolean(stored),
      },
    });
    return { result: { message: 'Product updated successfully!', id }, oldKey: stored ? before.imageKey : null };
  });
}

/** Deletes an unused product with its image; one that campaigns use is withdrawn and kept for them. */
export async function deleteProduct(deps: Deps, admin: Admin, id: number): Promise<Reply> {
  return withImage<Reply>(deps, admin, undefined, async (tx) => {
    const before = await findProductForUpdate(tx, id);
    if (!before) throw new AppError('not_found', PRODUCT_NOT_FOUND);
    if (await productIsUsed(tx, id)) {
      await tx.update(products).set({ withdrawnAt: new Date() }).where(eq(products.id, id));
      await audit(tx, {
        adminId: admin.id,
        action: 'product.withdraw',
        entity: 'product',
        entityId: id,
        details: { before: { name: before.name } },
      });
      return { result: { message: WITHDRAWN, id, withdrawn: true } };
    }
    await tx.delete(products).where(eq(products.id, id));
    await audit(tx, {
      adminId: admin.id,
      action: 'product.delete',
      entity: 'product',
      entityId: id,
      details: { before: { name: before.name, price: before.priceKobo } },
    });
    return { result: { message: 'Product deleted successfully!', id, withdrawn: false }, oldKey: before.imageKey };
  });
}

const orgValues = (input: OrganizationProductInput, stored: string | null) => ({
  name: input.name,
  description: input.description,
  priceKobo: input.price,
  maxQuantity: input.max_quantity,
  isAvailable: input.is_available,
  specifications: input.specifications,
  imageUrl: stored ?? (input.image_url ? input.image_url : null),
});

export async function createOrganizationProduct(
  deps: Deps,
  admin: Admin,
  input: OrganizationProductInput,
): Promise<Reply> {
  return withImage(deps, admin, input.imageKey, async (tx, stored) => {
    const [row] = await tx
      .insert(organizationProducts)
      .values(orgValues(input, stored))
      .returning({ id: organizationProducts.id });
    await audit(tx, {
      adminId: admin.id,
      action: 'organization_product.create',
      entity: 'organization_product',
      entityId: row!.id,
      details: { after: { name: input.name, price: input.price, max_quantity: input.max_quantity } },
    });
    return { result: { message: `Successfully added "${input.name}"!`, id: row!.id } };
  });
}

export async function editOrganizationProduct(
  deps: Deps,
  admin: Admin,
  id: number,
  input: OrganizationProductInput,
): Promise<Reply> {
  if (input.id !== undefined && input.id !== id)
    throw new AppError('bad_request', 'The product in the address and in the form are not the same.');
  return withImage(deps, admin, input.imageKey, async (tx, stored) => {
    const before = await findOrganizationProductForUpdate(tx, id);
    if (!before) throw new AppError('not_found', PRODUCT_NOT_FOUND);
    // No new upload and the same address: the stored image stays.
    const values = orgValues(input, stored);
    const keepsImage =
      !stored &&
      (input.image_url === undefined ||
        values.imageUrl === before.imageUrl ||
        (ownImage(before.imageUrl) && input.image_url === null));
    await tx
      .update(organizationProducts)
      .set({ ...values, ...(keepsImage ? { imageUrl: before.imageUrl } : {}), updatedAt: new Date() })
      .where(eq(organizationProducts.id, id));
    await audit(tx, {
      adminId: admin.id,
      action: 'organization_product.update',
      entity: 'organization_product',
      entityId: id,
      details: {
        before: {
          name: before.name,
          price: before.priceKobo,
          max_quantity: before.maxQuantity,
          is_available: before.isAvailable,
        },
        after: {
          name: input.name,
          price: input.price,
          max_quantity: input.max_quantity,
          is_available: values.isAvailable,
        },
      },
    });
    const replaced = !keepsImage && before.imageUrl !== values.imageUrl;
    return { result: { message: 'Product updated successfully!', id }, oldKey: replaced ? before.imageUrl : null };
  });
}

export async function deleteOrganizationProduct(deps: Deps, admin: Admin, id: number): Promise<Reply> {
  return withImage<Reply>(deps, admin, undefined, async (tx) => {
    const before = await findOrganizationProductForUpdate(tx, id);
    if (!before) throw new AppError('not_found', PRODUCT_NOT_FOUND);
    if (await organizationProductIsUsed(tx, id)) {
      await tx
        .update(organizationProducts)
        .set({ withdrawnAt: new Date(), isAvailable: false })
        .where(eq(organizationProducts.id, id));
      await audit(tx, {
        adminId: admin.id,
        action: 'organization_product.withdraw',
        entity: 'organization_product',
        entityId: id,
        details: { before: { name: before.name } },
      });
      return { result: { message: WITHDRAWN, id, withdrawn: true } };
    }
    await tx.delete(organizationProducts).where(eq(organizationProducts.id, id));
    await audit(tx, {
      adminId: admin.id,
      action: 'organization_product.delete',
      entity: 'organization_product',
      entityId: id,
      details: { before: { name: before.name, price: before.priceKobo } },
    });
    return { result: { message: 'Product deleted successfully!', id, withdrawn: false }, oldKey: before.imageUrl };
  });
}
