import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { CatalogProduct, OrganizationProduct } from '@contract/requests';
import type { Db } from '../../db/client';
import { organizationCampaigns, organizationProducts, products, recipientCampaigns } from '../../db/schema/all';
import { imageSetOf } from '../../providers/storage/image-keys';
import type { Storage } from '../../providers/storage/storage';

export async function listCatalogProducts(db: Db, storage: Storage): Promise<CatalogProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(isNull(products.withdrawnAt))
    .orderBy(asc(products.name), asc(products.id));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.priceKobo,
    image_url: storage.publicUrl(p.imageKey),
    image: imageSetOf(storage, p.imageKey),
    max_quantity: p.maxQuantity,
    specifications: p.specifications,
  }));
}

/** Organization products organizations may request: the available ones. */
export async function listAvailableOrganizationProducts(db: Db, storage: Storage): Promise<OrganizationProduct[]> {
  const rows = await db
    .select()
    .from(organizationProducts)
    .where(and(eq(organizationProducts.isAvailable, true), isNull(organizationProducts.withdrawnAt)))
    .orderBy(asc(organizationProducts.name), asc(organizationProducts.id));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.priceKobo,
    max_quantity: p.maxQuantity,
    image_url: storage.publicUrl(p.imageUrl),
    image: imageSetOf(storage, p.imageUrl),
    is_available: p.isAvailable,
    specifications: p.specifications,
  }));
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

/** Every organization product an admin manages: available or not, never the withdrawn. */
export async function listAllOrganizationProducts(db: Db, storage: Storage): Promise<OrganizationProduct[]> {
  const rows = await db
    .select()
    .from(organizationProducts)
    .where(isNull(organizationProducts.withdrawnAt))
    .orderBy(desc(organizationProducts.createdAt), desc(organizationProducts.id));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.priceKobo,
    max_quantity: p.maxQuantity,
    image_url: storage.publicUrl(p.imageUrl),
    image: imageSetOf(storage, p.imageUrl),
    is_available: p.isAvailable,
    specifications: p.specifications,
  }));
}
