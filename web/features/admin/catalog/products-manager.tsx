import type { ImageSet } from '@contract/images';
import { Pencil, PackageCheck, PackageX, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  catalogActionReplySchema,
  PRODUCT_IMAGE_REQUIRED,
  productUpdateSchema,
  SPECIFICATIONS_INVALID,
  specificationsSchema,
} from '@contract/catalog-admin';
import { formatNaira, koboToNairaText, nairaToKobo } from '@contract/money';
import { catalogProductSchema, organizationProductSchema } from '@contract/requests';
import { pagedReply } from '@contract/page-query';
import { PAGE_MAX } from '@contract/pagination';
import { ApiError, apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';
import { acceptFor, fileRule, limitText } from '@/lib/files';
import { uploadFile } from '@/lib/uploads';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ModalDialog } from '@/ui/dialog';
import { Checkbox, FileField, TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { Page } from '@/ui/page';
import { ProductImage } from '@/ui/product-image';
import { QueryView } from '@/ui/query-view';
import { StatusBadge } from '@/ui/status-badge';
import { useActionFeedback, type Run } from '../shared/use-action-feedback';

export type ProductKind = 'recipient' | 'organization';

/** A product as both lists show it. */
type Product = {
  id: number;
  name: string;
  description: string;
  price: number;
  image_url: string | null;
  image?: ImageSet | null;
  max_quantity: number;
  is_available?: boolean;
  specifications: Record<string, string>;
};

const UPLOAD_FAILED = 'Failed to upload product image to S3.';
const PRICE_HINT = 'In naira, such as 45000 or 45000.50.';
const PRICE_UNREADABLE = 'Enter a price in naira, such as 45000 or 45000.50.';

/** Read as the API will take it: kobo by `nairaToKobo`, then the contract's own price rule (above ₦0, not too large). */
const naira = z.string().superRefine((value, ctx) => {
  const kobo = nairaToKobo(value);
  const checked = kobo === null ? null : productUpdateSchema.shape.price.safeParse(kobo);
  if (checked?.success) return;
  ctx.addIssue({ code: 'custom', message: checked?.error.issues[0]?.message ?? PRICE_UNREADABLE });
});
/** Only called on a value `naira` accepted. */
const toKobo = (value: string) => nairaToKobo(value) ?? 0;

const specsText = z
  .string()
  .trim()
  .refine((text) => {
    if (!text) return true;
    try {
      return specificationsSchema.safeParse(JSON.parse(text)).success;
    } catch {
      return false;
    }
  }, SPECIFICATIONS_INVALID);

const words = {
  name: z.string().trim().min(1, 'Enter the product name.').max(150, 'Keep the name under 150 characters.'),
  description: z
    .string()
    .trim()
    .min(1, 'Enter a description.')
    .max(3000, 'Keep the description under 3,000 characters.'),
  price: naira,
};
const schemas = {
  recipient: {
    add: z.object({ ...words, image: fileRule('productImage', 'an image', true, PRODUCT_IMAGE_REQUIRED) }),
    edit: z.object({ ...words, image: fileRule('productImage', 'an image', false) }),
  },
  organization: {
    add: z.object({
      ...words,
      max_quantity: z
        .string()
        .trim()
        .regex(/^[1-9][0-9]{0,4}$/, 'The maximum quantity must be a whole number from 1 to 10,000.'),
      image: fileRule('productImage', 'an image', false),
      is_available: z.boolean(),
      specifications: specsText,
    }),
  },
};
type Values = {
  name: string;
  description: string;
  price: string;
  image: File | null;
  max_quantity?: string;
  is_available?: boolean;
  specifications?: string;
};

const valuesOf = (p: Product | null, kind: ProductKind): Values => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  price: p ? koboToNairaText(p.price) : '',
  image: null,
  ...(kind === 'organization'
    ? {
        max_quantity: String(p?.max_quantity ?? 1),
        is_available: p?.is_available ?? true,
        specifications: JSON.stringify(p?.specifications ?? {}, null, 2),
      }
    : {}),
});

/** The body the API takes: kobo, an uploaded image's key when one was chosen, parsed specifications. */
async function bodyOf(kind: ProductKind, v: Values) {
  let imageKey: string | undefined;
  if (v.image instanceof File) {
    try {
      imageKey = await uploadFile(v.image, 'productImage', () => undefined);
    } catch (error) {
      const worded = error instanceof ApiError && error.kind === 'server' && error.status === 400;
      throw new ApiError(error instanceof ApiError ? error.status : 0, worded ? error.message : UPLOAD_FAILED);
    }
  }
  const common = { name: v.name.trim(), description: v.description.trim(), price: toKobo(v.price), imageKey };
  if (kind === 'recipient') return common;
  return {
    ...common,
    max_quantity: Number(v.max_quantity),
    is_available: Boolean(v.is_available),
    specifications: v.specifications?.trim() ? (JSON.parse(v.specifications) as Record<string, string>) : {},
  };
}

const TEXT = {
  recipient: {
    title: 'Manage Products',
    intro: 'The devices recipients can request, one each.',
    failed: 'Could not fetch products.',
    add: 'Add Product',
    adding: 'Adding...',
    addFailed: 'Failed to add product.',
    editTitle: 'Edit Product',
  },
  organization: {
    title: 'Manage Organization Products',
    intro: 'The devices organizations can request several units of.',
    failed: 'Could not fetch organization products.',
    add: 'Add Product to Catalog',
    adding: 'Adding Product...',
    addFailed: 'Failed to add product.',
    editTitle: 'Edit Organization Product',
  },
} as const;

const paths = {
  recipient: { list: '/admin/products', item: '/products' },
  organization: { list: '/admin/org-products', item: '/admin/org-products' },
};

const pages = {
  recipient: pagedReply(catalogProductSchema),
  organization: pagedReply(organizationProductSchema),
};

/** The whole catalogue, a page at a time: a catalogue is short, and the manager shows every product. */
function useProducts(kind: ProductKind) {
  return useQuery({
    queryKey: ['admin', 'products', kind],
    queryFn: async (): Promise<Product[]> => {
      const all: Product[] = [];
      let cursor: string | null = '';
      const seen = new Set<string>();
      // A cursor seen before would only repeat pages: stop rather than ask forever.
      while (cursor !== null && !seen.has(cursor)) {
        seen.add(cursor);
        const params = new URLSearchParams({ paged: '1', limit: String(PAGE_MAX) });
        if (cursor) params.set('cursor', cursor);
        const page = pages[kind].parse(await apiGet<unknown>(`${paths[kind].list}?${params}`));
        all.push(...page.items);
        cursor = page.nextCursor;
      }
      return all;
    },
    retry: retryUnlessRefused,
  });
}

function useSave(kind: ProductKind) {
  const client = useQueryClient();
  return async (method: 'POST' | 'PUT' | 'DELETE', id: number | null, body?: unknown): Promise<string> => {
    try {
      const { data } = await apiRequest<unknown>(id ? `${paths[kind].item}/${id}` : paths[kind].item, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return catalogActionReplySchema.parse(data).message;
    } finally {
      await Promise.allSettled([
        client.invalidateQueries({ queryKey: ['admin'] }),
        client.invalidateQueries({ queryKey: ['organization'] }),
        client.invalidateQueries({ queryKey: ['recipient'] }),
      ]);
    }
  };
}

function ProductFields({ kind, editing }: { kind: ProductKind; editing: boolean }) {
  return (
    <>
      <TextField name="name" label="Name" />
      <TextField name="description" label="Description" rows={4} />
      <TextField name="price" label="Price" hint={PRICE_HINT} prefix="₦" prefixLabel="Naira" inputMode="decimal" />
      {kind === 'organization' ? (
        <TextField
          name="max_quantity"
          label="Maximum quantity"
          hint="The most units one request may ask for."
          inputMode="numeric"
        />
      ) : null}
      <FileField
        name="image"
        label={kind === 'organization' ? 'Image (optional)' : 'Image'}
        hint={`${editing ? 'Leave empty to keep the current image. ' : ''}${limitText('productImage')}`}
        accept={acceptFor('productImage')}
      />
      {kind === 'organization' ? (
        <>
          <TextField
            name="specifications"
            label="Specifications"
            hint='A JSON object of names and values, such as {"Battery": "8 hours"}. Use {} for none.'
            rows={4}
            isRequired={false}
            spellCheck={false}
          />
          <Checkbox name="is_available" label="Available to organizations" isRequired={false} />
        </>
      ) : null}
    </>
  );
}

function ProductForm({
  kind,
  product,
  submitLabel,
  busyLabel,
  failed,
  onDone,
  run,
}: {
  kind: ProductKind;
  product: Product | null;
  submitLabel: string;
  busyLabel: string;
  failed: string;
  onDone?: () => void;
  run: Run;
}) {
  const schema =
    kind === 'recipient' ? (product ? schemas.recipient.edit : schemas.recipient.add) : schemas.organization.add;
  const form = useZodForm(schema as unknown as z.ZodType<Values, Values>, { defaultValues: valuesOf(product, kind) });
  const save = useSave(kind);
  const busy = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      onSubmit={async (values, helpers) => {
        try {
          await run(
            async () =>
              save(product ? 'PUT' : 'POST', product?.id ?? null, {
                ...(await bodyOf(kind, values)),
                ...(product && kind === 'organization' ? { id: product.id } : {}),
              }),
            failed,
          );
          form.reset(valuesOf(product, kind));
          onDone?.();
        } catch (error) {
          helpers.showServerErrors(error);
        }
      }}
    >
      <ProductFields kind={kind} editing={Boolean(product)} />
      <div className="flex flex-wrap justify-end gap-3">
        {onDone ? (
          <Button variant="secondary" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function ProductCard({ kind, product, run }: { kind: ProductKind; product: Product; run: Run }) {
  const [open, setOpen] = useState<null | 'edit' | 'delete'>(null);
  const save = useSave(kind);
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  const headingId = `product-${kind}-${product.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex gap-4 rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
      >
        <ProductImage
          src={product.image_url}
          image={product.image}
          sizes="thumbnail"
          width={96}
          height={72}
          className="h-18 w-24 shrink-0 rounded-lg object-cover"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <h3 id={headingId} className="text-lg font-bold wrap-anywhere">
            {product.name}
          </h3>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="font-semibold tabular-nums">{formatNaira(product.price)}</span>
            {kind === 'organization' ? <span>Max Qty: {product.max_quantity}</span> : null}
            {kind === 'organization' ? (
              product.is_available ? (
                <StatusBadge tone="success" icon={PackageCheck}>
                  Available
                </StatusBadge>
              ) : (
                <StatusBadge tone="neutral" icon={PackageX}>
                  Unavailable
                </StatusBadge>
              )
            ) : null}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setOpen('edit')}>
              <Pencil aria-hidden="true" className="size-5" />
              Edit<span className="sr-only"> {product.name}</span>
            </Button>
            <Button variant="danger" onClick={() => setOpen('delete')}>
              <Trash2 aria-hidden="true" className="size-5" />
              Delete<span className="sr-only"> {product.name}</span>
            </Button>
          </div>
        </div>
      </article>
      {open === 'edit' ? (
        <ModalDialog title={TEXT[kind].editTitle} isOpen onOpenChange={close} size="lg">
          <div className="mt-4">
            <ProductForm
              kind={kind}
              product={product}
              submitLabel="Save Changes"
              busyLabel="Saving..."
              failed="Failed to update product."
              onDone={() => setOpen(null)}
              run={run}
            />
          </div>
        </ModalDialog>
      ) : null}
      {open === 'delete' ? (
        <ConfirmDialog
          title={`Delete ${product.name}?`}
          isOpen
          onOpenChange={close}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          variant="danger"
          failed="Failed to delete product."
          onConfirm={async () => {
            await run(() => save('DELETE', product.id), 'Failed to delete product.');
            setOpen(null);
          }}
        >
          <p>Are you sure you want to delete this product?</p>
          <p>If campaigns use it, it is withdrawn from the catalog instead, and its campaigns keep their details.</p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}

/**
 * One page for each catalogue (product notes 2): the add
 * form on the left, 'Existing Products (n)' on the right, editing in a dialog, deleting asked first.
 */
export function ProductsManager({ kind }: { kind: ProductKind }) {
  const products = useProducts(kind);
  const { run, view } = useActionFeedback();
  const text = TEXT[kind];
  return (
    <Page title={text.title} wide intro={<p>{text.intro} Prices are in naira.</p>}>
      {view}
      <div className="grid gap-10 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="product-add" className="min-w-0">
          <h2 id="product-add" className="mb-4 text-2xl font-bold">
            Add a product
          </h2>
          <ProductForm
            kind={kind}
            product={null}
            submitLabel={text.add}
            busyLabel={text.adding}
            failed={text.addFailed}
            run={run}
          />
        </section>
        <section aria-labelledby="product-list" className="min-w-0">
          <h2 id="product-list" className="mb-4 text-2xl font-bold">
            Existing Products ({products.data?.length ?? 0})
          </h2>
          <QueryView query={products} failed={text.failed} empty="No products have been added yet.">
            {(rows) => (
              <ul aria-label="Existing products" className="space-y-3">
                {rows.map((p) => (
                  <ProductCard key={p.id} kind={kind} product={p} run={run} />
                ))}
              </ul>
            )}
          </QueryView>
        </section>
      </div>
    </Page>
  );
}
