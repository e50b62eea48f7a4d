import { Search, X } from 'lucide-react';
import { useEffect } from 'react';
import { z } from 'zod';
import { DESK_STATUSES, DESK_STATUS_LABELS, paymentFilterFields, type PaymentFilters } from '@contract/money-desk';
import { useUrlFilters } from '@/lib/url-filters';
import { Button } from '@/ui/button';
import { DateField } from '@/ui/date-field';
import { TextField, useField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { describedBy, FieldError, fieldClass, labelClass } from '@/ui/field-parts';

const FILTER_KEYS = ['status', 'channel', 'campaign', 'email', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** An empty field is no filter; anything else is checked by the contract's own rule. */
const optional = <T extends z.ZodType>(rule: T) => z.preprocess((v) => (v === '' ? undefined : v), rule);

const formSchema = z
  .object({
    status: optional(paymentFilterFields.status),
    channel: optional(paymentFilterFields.channel),
    campaign: optional(paymentFilterFields.campaign),
    email: optional(paymentFilterFields.email),
    from: optional(paymentFilterFields.from),
    to: optional(paymentFilterFields.to),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: 'To must be on or after From.' });

/**
 * The filters in the address, each kept only when the contract's rule accepts it: an address is
 * typed by anyone, and a bad filter is left out rather than sent to be refused.
 */
export function usePaymentFilters() {
  const url = useUrlFilters();
  const filters: PaymentFilters = {};
  for (const key of FILTER_KEYS) {
    const raw = url.read(key);
    const parsed = raw ? paymentFilterFields[key].safeParse(raw) : null;
    if (parsed?.success && parsed.data) (filters as Record<FilterKey, string>)[key] = parsed.data;
  }
  const apply = (next: PaymentFilters) =>
    url.update(Object.fromEntries(FILTER_KEYS.map((key) => [key, next[key] ?? ''])));
  return { filters, apply };
}

const asForm = (filters: PaymentFilters) =>
  Object.fromEntries(FILTER_KEYS.map((key) => [key, filters[key] ?? ''])) as Record<FilterKey, string>;

/** A native choice list in the form (it applies on submit with the rest). */
function StatusField() {
  const { id, field, error, busy } = useField('status');
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Status
      </label>
      <select
        id={id}
        ref={field.ref}
        name={field.name}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(e) => {
          if (!busy) field.onChange(e.target.value);
        }}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        className={`mt-1 ${fieldClass(Boolean(error))}`}
      >
        <option value="">Any status</option>
        {DESK_STATUSES.map((status) => (
          <option key={status} value={status}>
            {DESK_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/**
 * The payments' filter form: every field labelled, checked by the contract's rules on submit (the
 * error summary names any problem), then kept in the address so a link shows the same list.
 */
export function PaymentFilterForm({
  filters,
  onApply,
}: {
  filters: PaymentFilters;
  onApply: (filters: PaymentFilters) => void;
}) {
  const form = useZodForm(formSchema, { defaultValues: asForm(filters) });
  const shown = JSON.stringify(asForm(filters));
  // Back, Forward or a link changes the address: the form shows what the list shows.
  useEffect(() => {
    form.reset(JSON.parse(shown) as Record<FilterKey, string>);
  }, [shown, form]);
  return (
    <Form
      form={form}
      role="search"
      aria-label="Filter payments"
      className="mb-6 space-y-4"
      onSubmit={(values) => onApply(values as PaymentFilters)}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatusField />
        <TextField
          name="email"
          label="Donor email"
          hint="All or part of the address."
          type="search"
          inputMode="email"
          spellCheck={false}
          autoCapitalize="none"
          isRequired={false}
          maxLength={254}
        />
        <TextField
          name="campaign"
          label="Campaign"
          hint="12, or org-3 for an organization campaign."
          type="search"
          spellCheck={false}
          autoCapitalize="none"
          isRequired={false}
          maxLength={20}
        />
        <TextField
          name="channel"
          label="Channel"
          hint="How the donor paid, such as card or bank_transfer."
          type="search"
          spellCheck={false}
          autoCapitalize="none"
          isRequired={false}
          maxLength={40}
        />
        <DateField name="from" label="From" hint="The first day, in Lagos time." />
        <DateField name="to" label="To" hint="The last day, included." />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit">
          <Search aria-hidden="true" className="size-5" />
          Show payments
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            form.reset(asForm({}));
            onApply({});
          }}
        >
          <X aria-hidden="true" className="size-5" />
          Clear filters
        </Button>
      </div>
    </Form>
  );
}
