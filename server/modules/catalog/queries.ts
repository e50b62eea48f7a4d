import { asc, eq } from 'drizzle-orm';
import type { CatalogProduct, OrganizationProduct } from '@contract/requests';
import type { Db } from '../../db/client';
import { organizationProducts, products } from '../../db/schema/all';
import type { Storage } from '../../providers/storage/storage';

export async function listCatalogProducts(db: Db, storage: Storage): Promise<CatalogProduct[]> {
  const rows = await db.select().from(products).orderBy(asc(products.name), asc(products.id));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.priceKobo,
    image_url: storage.publicUrl(p.imageKey),
    max_quantity: p.maxQuantity,
    specifications: p.specifications,
  }));
}

/** Organization products organizations may request: the available ones. */
export async function listAvailableOrganizationProducts(db: Db, storage: Storage): Promise<OrganizationProduct[]> {
  const rows = await db
    .select()
    .from(organizationProducts)
    .where(eq(organizationProducts.isAvailable, true))
    .orderBy(asc(organizationProducts.name), asc(organizationProducts.id));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.priceKobo,
    max_quantity: p.maxQuantity,
    image_url: storage.publicUrl(p.imageUrl),
    is_available: p.isAvailable,
    specifications: p.specifications,
  }));
}
