import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { STAT_ICON_NAMES, statInputSchema, type AdminStat, type StatInput } from '@contract/content';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ModalDialog } from '@/ui/dialog';
import { Checkbox, RadioGroup, TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { NumberField } from '@/ui/number-field';
import { Page, Section } from '@/ui/page';
import { QueryView } from '@/ui/query-view';
import { STAT_ICONS } from '@/ui/stat-icons';
import { StatusBadge } from '@/ui/status-badge';
import { cellClass, DataTable } from '@/ui/table';
import { useActionFeedback, type Run } from '../shared/use-action-feedback';
import { useAdminStats, useContentChange } from './content-api';

const SAVE_FAILED = 'Failed to save the statistic.';
const count = new Intl.NumberFormat('en-NG');

/** 'HandHeartIcon' as 'Hand heart'. */
const iconWords = (name: string) => {
  const words = name.replace(/Icon$/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0) + words.slice(1).toLowerCase();
};
const ICON_OPTIONS = STAT_ICON_NAMES.map((name) => {
  const Icon = STAT_ICONS[name];
  return {
    value: name,
    label: iconWords(name),
    description: name,
    icon: <Icon aria-hidden="true" className="size-7 shrink-0" />,
  };
});

const EMPTY: StatInput = {
  title: '',
  stat_value: 0,
  icon_name: undefined as unknown as StatInput['icon_name'],
  is_visible: true,
  display_order: 0,
};

/** Product notes 5: title, value (default 0), an icon picked by its drawing and name, shown (default yes), order (default 0). */
function StatForm({
  initial,
  submitLabel,
  busyLabel,
  onSave,
}: {
  initial: StatInput;
  submitLabel: string;
  busyLabel: string;
  onSave: (input: StatInput) => Promise<void>;
}) {
  const form = useZodForm(statInputSchema, { defaultValues: initial });
  const busy = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      onSubmit={async (values, helpers) => {
        try {
          await onSave(values);
          form.reset(initial);
        } catch (error) {
          helpers.showServerErrors(error);
        }
      }}
    >
      <TextField name="title" label="Title" hint="For example: Devices delivered." />
      <div className="flex flex-wrap gap-6">
        <NumberField name="stat_value" label="Value" min={0} />
        <NumberField name="display_order" label="Order" hint="Lower numbers come first." min={-1000} max={1000} />
      </div>
      <RadioGroup
        name="icon_name"
        legend="Icon"
        hint="The drawing shown beside the figure on the home page."
        options={ICON_OPTIONS}
        grid
      />
      <Checkbox name="is_visible" label="Show on the home page" isRequired={false} />
      <Button type="submit" aria-disabled={busy || undefined}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}

function StatRow({ stat, run }: { stat: AdminStat; run: Run }) {
  const [open, setOpen] = useState<null | 'edit' | 'delete'>(null);
  const change = useContentChange();
  const Icon = STAT_ICONS[stat.icon_name as keyof typeof STAT_ICONS];
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  return (
    <tr className="border-t border-gray-200 align-top dark:border-gray-700">
      <th scope="row" className={`${cellClass} font-semibold`}>
        <span className="flex items-center gap-2">
          {Icon ? <Icon aria-hidden="true" className="size-6 shrink-0" /> : null}
          {stat.title}
        </span>
      </th>
      <td className={`${cellClass} tabular-nums`}>{count.format(stat.stat_value)}</td>
      <td className={cellClass}>{iconWords(stat.icon_name)}</td>
      <td className={cellClass}>
        {stat.is_visible ? (
          <StatusBadge tone="success" icon={Eye}>
            Shown
          </StatusBadge>
        ) : (
          <StatusBadge tone="neutral" icon={EyeOff}>
            Hidden
          </StatusBadge>
        )}
      </td>
      <td className={`${cellClass} tabular-nums`}>{stat.display_order}</td>
      <td className={cellClass}>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setOpen('edit')}>
            <Pencil aria-hidden="true" className="size-5" />
            Edit<span className="sr-only"> {stat.title}</span>
          </Button>
          <Button variant="danger" onClick={() => setOpen('delete')}>
            <Trash2 aria-hidden="true" className="size-5" />
            Delete<span className="sr-only"> {stat.title}</span>
          </Button>
        </div>
        {open === 'edit' ? (
          <ModalDialog title={`Edit "${stat.title}"`} isOpen onOpenChange={close} size="lg">
            <div className="mt-4">
              <StatForm
                initial={{
                  title: stat.title,
                  stat_value: stat.stat_value,
                  icon_name: stat.icon_name as StatInput['icon_name'],
                  is_visible: stat.is_visible,
                  display_order: stat.display_order,
                }}
                submitLabel="Save Changes"
                busyLabel="Saving..."
                onSave={async (input) => {
                  await run(() => change(`/admin/stats/${stat.id}`, 'PUT', input), SAVE_FAILED);
                  setOpen(null);
                }}
              />
            </div>
          </ModalDialog>
        ) : null}
        {open === 'delete' ? (
          <ConfirmDialog
            title="Delete this statistic?"
            isOpen
            onOpenChange={close}
            confirmLabel="Delete"
            busyLabel="Deleting..."
            variant="danger"
            failed="Failed to delete the statistic."
            onConfirm={async () => {
              await run(() => change(`/admin/stats/${stat.id}`, 'DELETE'), 'Failed to delete the statistic.');
              setOpen(null);
            }}
          >
            <p>"{stat.title}" leaves the home page. This cannot be undone.</p>
          </ConfirmDialog>
        ) : null}
      </td>
    </tr>
  );
}

/** Manage Site Statistics (product notes 2): the figures on the home page, added, edited, hidden and deleted. */
export default function AdminStatsPage() {
  const stats = useAdminStats();
  const change = useContentChange();
  const { run, view } = useActionFeedback();
  return (
    <Page title="Manage Site Statistics" wide intro={<p>The figures on the home page. Changes show there at once.</p>}>
      {view}
      <Section title="Statistics" id="stats-list">
        <QueryView query={stats} failed="Could not fetch stats." empty="No statistics yet. Add the first one below.">
          {(rows) => (
            <DataTable
              label="Site statistics"
              caption="Site statistics"
              columns={['Title', 'Value', 'Icon', 'Home page', 'Order', 'Actions']}
            >
              {rows.map((s) => (
                <StatRow key={s.id} stat={s} run={run} />
              ))}
            </DataTable>
          )}
        </QueryView>
      </Section>
      <Section title="Add a statistic" id="stats-add">
        <StatForm
          initial={EMPTY}
          submitLabel="Add Statistic"
          busyLabel="Adding..."
          onSave={(input) => run(() => change('/admin/stats', 'POST', input), SAVE_FAILED)}
        />
      </Section>
    </Page>
  );
}
