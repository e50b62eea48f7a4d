import { ChevronLeft, ChevronRight, Search, Trash2, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ADMIN_CREATED,
  CANNOT_DELETE_SELF,
  newAdminSchema,
  USER_ROLE_FILTERS,
  type AdminUser,
} from '@contract/admin-users';
import { isSuperAdmin, PASSWORD_MIN } from '@contract/roles';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { EmailField, PasswordField, TextField } from '@/ui/fields';
import { fieldClass, Form, labelClass, StatusBox, useZodForm } from '@/ui/form';
import { Page, Section } from '@/ui/page';
import { Select } from '@/ui/select-field';
import { StatusBadge } from '@/ui/status-badge';
import { cellClass, DataTable } from '@/ui/table';
import { blockLink } from '@/ui/text-link';
import { dateFormat, RoleBadge, useActionFeedback, type Run } from './actions';
import { useAdminRoles, useCreateAdmin, useUsers, USERS_PAGE_SIZE } from './api';

const ROLE_WORDS: Record<(typeof USER_ROLE_FILTERS)[number], string> = {
  all: 'All users',
  admin: 'Admins',
  recipient: 'Recipients',
  donor: 'Donors',
  organization: 'Organizations',
};
const COLUMNS = ['Name', 'Email', 'Role', 'Status', 'Joined', 'Actions'] as const;
const READ_ONLY_COLUMNS = COLUMNS.filter((c) => c !== 'Actions');

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

function CreateAdminForm() {
  const roles = useAdminRoles();
  const create = useCreateAdmin();
  const form = useZodForm(newAdminSchema, {
    defaultValues: { firstName: '', lastName: '', email: '', password: '', roleId: '' },
  });
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const options = (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  return (
    <div className="max-w-xl space-y-5">
      <Form
        form={form}
        onSubmit={async (values, helpers) => {
          setAlert(null);
          setDone(null);
          try {
            const message = await create({ ...values, lastName: values.lastName || undefined });
            form.reset({ firstName: '', lastName: '', email: '', password: '', roleId: '' });
            setDone(message || ADMIN_CREATED);
          } catch (error) {
            if (!helpers.showServerErrors(error))
              setAlert(errorMessage(error, { noMessage: 'Failed to create admin.' }));
          }
        }}
      >
        <TextField name="firstName" label="First name" autoComplete="off" />
        <TextField name="lastName" label="Last name (optional)" isRequired={false} autoComplete="off" />
        <EmailField name="email" label="Email" />
        <PasswordField
          name="password"
          label="Temporary password"
          hint={`At least ${PASSWORD_MIN} characters. Give it to the new admin yourself; they choose their own password when they first sign in.`}
          autoComplete="new-password"
          toggleLabel="Show temporary password"
          minLength={PASSWORD_MIN}
        />
        {roles.isError ? (
          <ErrorMessage>Could not fetch data.</ErrorMessage>
        ) : (
          <Select name="roleId" label="Role" options={options} placeholder="Choose a role" />
        )}
        {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
        <Button type="submit" aria-disabled={busy || undefined}>
          <UserPlus aria-hidden="true" className="size-5" />
          {busy ? 'Creating Admin...' : 'Create Admin'}
        </Button>
      </Form>
      <StatusBox>{done}</StatusBox>
    </div>
  );
}

function DeleteUser({ user, selfId, run }: { user: AdminUser; selfId: number | undefined; run: Run }) {
  const [open, setOpen] = useState(false);
  const name = fullName(user);
  if (!user.is_active) return <span className="text-gray-700 dark:text-gray-300">None</span>;
  const isSelf = user.id === selfId;
  return (
    <>
      <Button
        variant="danger"
        onClick={() => {
          // The server refuses it too; the admin hears why at once, without a dialog first.
          if (isSelf) void run({ kind: 'delete-user', id: user.id }, CANNOT_DELETE_SELF).catch(() => undefined);
          else setOpen(true);
        }}
      >
        <Trash2 aria-hidden="true" className="size-5" />
        Delete<span className="sr-only"> {name}</span>
      </Button>
      {open ? (
        <ConfirmDialog
          title={`Delete ${name}?`}
          isOpen
          onOpenChange={setOpen}
          confirmLabel="Delete User"
          busyLabel="Deleting..."
          variant="danger"
          failed="Failed to delete user."
          onConfirm={async () => {
            await run({ kind: 'delete-user', id: user.id }, 'Failed to delete user.');
            setOpen(false);
          }}
        >
          <p>
            {name} ({user.email}) will no longer be able to sign in. Their name, phone number, profile and uploaded
            documents are erased. Their gifts and campaigns stay on record under &quot;Deleted user&quot;.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/**
 * Manage Users (spec 2): a form that makes an admin, and every account in a table filtered by role
 * (all, admin, recipient, donor, organization), searched by name or email and paged. The filters
 * live in the address. Names lead to the person's history; Delete asks first. The form and the
 * Delete buttons are a super admin's only (docs/decisions/0024); other admins read the list.
 */
export default function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const role = pick(params.get('role'), USER_ROLE_FILTERS, 'all');
  const q = params.get('q') ?? '';
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const [draft, setDraft] = useState(q);
  const query = useUsers({ role, q, page });
  const session = useSession();
  const manages = isSuperAdmin(session.user?.role);
  const { run, view } = useActionFeedback();
  const ids = useId();

  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v && !(k === 'role' && v === 'all')) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    set({ q: draft.trim() });
  };

  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const items = query.data?.items ?? [];

  return (
    <Page
      title="Manage Users"
      wide
      intro={
        <p>
          Super admins add admin accounts and delete accounts. Admins review requests and manage the catalogues and
          content.
        </p>
      }
    >
      {manages ? (
        <Section title="Create an admin" id="create-admin">
          <CreateAdminForm />
        </Section>
      ) : null}
      <Section title="All users" id="all-users">
        {view}
        <form
          role="search"
          aria-label="Filter users"
          onSubmit={onSearch}
          className="mb-6 grid gap-4 md:grid-cols-[1fr_2fr] md:items-end"
        >
          <div>
            <label htmlFor={`${ids}-role`} className={labelClass}>
              Role
            </label>
            <select
              id={`${ids}-role`}
              value={role}
              onChange={(e) => set({ role: e.target.value })}
              className={`mt-1 ${fieldClass(false)}`}
            >
              {USER_ROLE_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {ROLE_WORDS[value]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-q`} className={labelClass}>
              Search
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id={`${ids}-q`}
                type="search"
                value={draft}
                maxLength={100}
                onChange={(e) => setDraft(e.target.value)}
                placeholder="Name or email"
                className={fieldClass(false)}
              />
              <Button type="submit">
                <Search aria-hidden="true" className="size-5" />
                Search
              </Button>
            </div>
          </div>
        </form>
        <p role="status" className="mb-3 text-gray-800 dark:text-gray-200">
          {query.data
            ? `${total} ${total === 1 ? 'user' : 'users'}${q ? ` matching "${q}"` : ''}. Page ${page} of ${pages}.`
            : ''}
        </p>
        {query.isError ? (
          <div className="space-y-4">
            <ErrorMessage>Could not fetch data.</ErrorMessage>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : query.isPending ? (
          <LoadingState>Loading...</LoadingState>
        ) : items.length === 0 ? (
          <EmptyState title="No users match these filters." />
        ) : (
          <DataTable
            label="Users table"
            caption="Users, newest first"
            columns={manages ? COLUMNS : READ_ONLY_COLUMNS}
            minWidth="min-w-4xl"
            sorted={{ column: 'Joined', direction: 'descending' }}
          >
            {items.map((u) => (
              <tr key={u.id} className="border-t border-gray-200 align-top dark:border-gray-700">
                <th scope="row" className={`${cellClass} min-w-44 font-normal`}>
                  <Link to={`/admin/users/${u.id}/history`} className={blockLink}>
                    {fullName(u) || 'No name'}
                    <span className="sr-only">, history</span>
                  </Link>
                </th>
                <td className={`${cellClass} wrap-anywhere`}>{u.email}</td>
                <td className={cellClass}>
                  <RoleBadge role={u.role} />
                </td>
                <td className={cellClass}>
                  {u.is_active ? (
                    <StatusBadge tone="success">Active</StatusBadge>
                  ) : (
                    <StatusBadge tone="neutral">Deleted</StatusBadge>
                  )}
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{dateFormat.format(new Date(u.created_at))}</td>
                {manages ? (
                  <td className={cellClass}>
                    <DeleteUser user={u} selfId={session.user?.id} run={run} />
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
        )}
        {pages > 1 ? (
          <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              aria-disabled={page <= 1 || undefined}
              onClick={() => page > 1 && set({ page: String(page - 1) })}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
              Previous page
            </Button>
            <span>
              Page {page} of {pages}
            </span>
            <Button
              variant="secondary"
              aria-disabled={page >= pages || undefined}
              onClick={() => page < pages && set({ page: String(page + 1) })}
            >
              Next page
              <ChevronRight aria-hidden="true" className="size-5" />
            </Button>
          </nav>
        ) : null}
      </Section>
    </Page>
  );
}
