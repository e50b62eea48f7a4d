import type { OrganizationProductInput, ProductInput } from '@contract/catalog-admin';
import type { CampaignKind } from '@contract/ids';
import { publicUrlOf } from '../../providers/storage/storage';
import { campaignKinds } from '../campaigns/kinds';

export type ProductTable<K extends CampaignKind> = (typeof campaignKinds)[K]['products'];
export type ProductRow<K extends CampaignKind> = ProductTable<K>['$inferSelect'];
type ProductValues<K extends CampaignKind> = ProductTable<K>['$inferInsert'];
/** What an admin's form sends for each kind's product. */
export type ProductForm<K extends CampaignKind> = K extends 'recipient' ? ProductInput : OrganizationProductInput;

/** A stored image (ours to remove), not an address elsewhere. */
export const ownImage = (key: string | null | undefined): key is string =>
  Boolean(key) && !/^https?:\/\//i.test(key!) && !key!.startsWith('/');

/**
 * What differs between the recipients' catalogue and the organizations' where an admin's change is
 * otherwise the same: the table (from kinds.ts), the audit log's names, the image column and how a
 * form sets it, the columns a form fills, and what else a withdrawn product loses.
 */
export type Catalogue<K extends CampaignKind> = {
  kind: K;
  table: ProductTable<K>;
  /** The audit log's entity, also the prefix of its actions (product.create, organization_product.withdraw). */
  entity: 'product' | 'organization_product';
  imageOf: (row: ProductRow<K>) => string | null;
  /** The image a change leaves: an upload wins, otherwise the form's say over the current one (null for a new product). */
  image: (form: ProductForm<K>, uploaded: string | null, current: string | null) => string | null;
  /** The columns a form fills, with the image `image` chose. */
  values: (form: ProductForm<K>, image: string | null) => ProductValues<K>;
  /** Set with withdrawn_at when a product campaigns use is deleted. */
  withdraw: Partial<ProductValues<K>>;
  /** What the audit log keeps of a product before and after a change. */
  summary: (row: ProductRow<K>) => Record<string, unknown>;
  added: (form: ProductForm<K>) => string;
};

const recipient: Catalogue<'recipient'> = {
  kind: 'recipient',
  table: campaignKinds.recipient.products,
  entity: 'product',
  imageOf: (row) => row.imageKey,
  // The recipients' form only uploads; without an upload the image stays.
  image: (_form, uploaded, current) => uploaded ?? current,
  values: (form, image) => ({
    name: form.name,
    description: form.description,
    priceKobo: form.price,
    imageKey: image,
  }),
  withdraw: {},
  summary: (row) => ({ name: row.name, price: row.priceKobo }),
  added: () => 'Successfully added product',
};

const organization: Catalogue<'organization'> = {
  kind: 'organization',
  table: campaignKinds.organization.products,
  entity: 'organization_product',
  imageOf: (row) => row.imageUrl,
  // An address given replaces the image; no address (or the same one, also as the address the
  // current upload is served at, or none over our own upload) keeps it, so the upload is not removed.
  image: (form, uploaded, current) => {
    const given = uploaded ?? (form.image_url ? form.image_url : null);
    const keeps =
      !uploaded &&
      (form.image_url === undefined ||
        given === current ||
        (current !== null && given === publicUrlOf(current)) ||
        (ownImage(current) && form.image_url === null));
    return keeps ? current : given;
  },
  values: (form, image) => ({
    name: form.name,
    description: form.description,
    priceKobo: form.price,
    maxQuantity: form.max_quantity,
    isAvailable: form.is_available,
    specifications: form.specifications,
    imageUrl: image,
  }),
  // A withdrawn product can no longer be requested either.
  withdraw: { isAvailable: false },
  summary: (row) => ({
    name: row.name,
    price: row.priceKobo,
    max_quantity: row.maxQuantity,
    is_available: row.isAvailable,
  }),
  added: (form) => `Successfully added "${form.name}"!`,
};

export const catalogues = { recipient, organization } as const;
