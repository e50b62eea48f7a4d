import { KeyRound, Trash2, UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  ADMIN_CREATED,
  CANNOT_DELETE_SELF,
  newAdminSchema,
  USER_ROLE_FILTERS,
  type AdminUser,
} from '@contract/admin-users';
import { appRole, isSuperAdmin, PASSWORD_MIN } from '@contract/roles';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { oneOf, useUrlFilters } from '@/lib/url-filters';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { ErrorMessage } from '@/ui/feedback';
import { EmailField, PasswordField, TextField } from '@/ui/fields';
import { FilterBar } from '@/ui/filter-bar';
import { Form, StatusBox, useZodForm } from '@/ui/form';
import { Page, Section } from '@/ui/page';
import { PagedList } from '@/ui/paged-list';
import { Select } from '@/ui/select-field';
import { StatusBadge } from '@/ui/status-badge';
import { cellClass, DataTable } from '@/ui/table';
import { blockLink } from '@/ui/text-link';
import { dateFormat } from '../shared/admin-format';
import { RoleBadge } from '../shared/status-badges';
import { useActionFeedback, type Run } from '../shared/use-action-feedback';
import { loadedOf } from '../shared/admin-api';
import { useAdminRoles, useCreateAdmin, useResetSecondFactor, useUsers } from './people-api';

const ROLE_WORDS: Record<(typeof USER_ROLE_FILTERS)[number], string> = {
  all: 'All users',
  admin: 'Admins',
  recipient: 'Recipients',
  donor: 'Donors',
  organization: 'Organizations',
};
const COLUMNS = ['Name', 'Email or phone', 'Role', 'Status', 'Joined', 'Actions'] as const;
const READ_ONLY_COLUMNS = COLUMNS.filter((c) => c !== 'Actions');

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();
/** An account with no email is known by its phone number (docs/decisions/0066). */
const reachOf = (u: { email: string | null; phone_number: string | null }) =>
  u.email ?? (u.phone_number ? `Phone ${u.phone_number}` : 'No email or phone');

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
            {name} ({reachOf(user)}) will no longer be able to sign in. Their name, phone number, profile and uploaded
            documents are erased. Their gifts and campaigns stay on record under &quot;Deleted user&quot;.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/**
 * A super admin's way back in for an admin who lost their authenticator and recovery codes
 * (docs/decisions/0072): only on another admin's row, and only after a question.
 */
function ResetSecondFactor({ user, run }: { user: AdminUser; run: Run }) {
  const [open, setOpen] = useState(false);
  const reset = useResetSecondFactor();
  const name = fullName(user) || 'this admin';
  const failed = 'Failed to reset the second factor.';
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <KeyRound aria-hidden="true" className="size-5" />
        Reset second factor<span className="sr-only"> of {name}</span>
      </Button>
      {open ? (
        <ConfirmDialog
          title={`Reset ${name}'s second factor?`}
          isOpen
          onOpenChange={setOpen}
          confirmLabel="Reset Second Factor"
          busyLabel="Resetting..."
          variant="danger"
          failed={failed}
          onConfirm={async () => {
            await run(() => reset(user.id), failed);
            setOpen(false);
          }}
        >
          <p>They will be signed out and set up a new one at their next sign-in. They are told by mail and SMS.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/**
 * Manage Users (product notes 2): a form that makes an admin, and every account in a table filtered by role
 * (all, admin, recipient, donor, organization), searched by name or email and paged. The filters
 * live in the address. Names lead to the person's history; Delete asks first. The form and the
 * Delete and Reset second factor buttons are a super admin's only (docs/decisions/0024, 0072); other
 * admins read the list.
 */
export default function AdminUsersPage() {
  const filters = useUrlFilters();
  const role = oneOf(filters.read('role'), USER_ROLE_FILTERS, 'all');
  const q = filters.read('q');
  const query = useUsers({ role, q });
  const session = useSession();
  const manages = isSuperAdmin(session.user?.role);
  const { run, view } = useActionFeedback();
  const { items, total } = loadedOf(query.data);
  const body = useRef<HTMLTableSectionElement>(null);

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
      <Section title={query.data ? `All users (${total})` : 'All users'} id="all-users">
        {view}
        <FilterBar
          label="Filter users"
          choices={[
            {
              label: 'Role',
              value: role,
              options: USER_ROLE_FILTERS.map((value) => ({ value, label: ROLE_WORDS[value] })),
              onChange: (value) => filters.update({ role: value === 'all' ? '' : value }),
            },
          ]}
          search={{
            label: 'Search',
            value: q,
            placeholder: 'Name or email',
            onSearch: (text) => filters.update({ q: text }),
          }}
          onClear={role !== 'all' || q ? () => filters.update({ role: '', q: '' }) : undefined}
        />
        <PagedList
          query={query}
          failed="Could not fetch data."
          empty="No users match these filters."
          isEmpty={items.length === 0}
          paging={{
            kind: 'more',
            listRef: body,
            count: items.length,
            total,
            noun: 'users',
            one: 'user',
            matching: q,
            hasMore: query.hasNextPage,
            loading: query.isFetchingNextPage,
            onMore: () => void query.fetchNextPage(),
          }}
        >
          <DataTable
            label="Users table"
            caption="Users, newest first"
            columns={manages ? COLUMNS : READ_ONLY_COLUMNS}
            minWidth="min-w-4xl"
            sorted={{ column: 'Joined', direction: 'descending' }}
            bodyRef={body}
          >
            {items.map((u) => (
              <tr key={u.id} className="border-t border-gray-200 align-top dark:border-gray-700">
                <th scope="row" className={`${cellClass} min-w-44 font-normal`}>
                  <Link
                    to={`/admin/users/${u.id}/history`}
                    aria-label={`${fullName(u) || 'No name'}, history`}
                    className={blockLink}
                  >
                    {fullName(u) || 'No name'}
                  </Link>
                </th>
                <td className={`${cellClass} wrap-anywhere`}>{reachOf(u)}</td>
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
                    <div className="flex flex-wrap gap-2">
                      {u.is_active && appRole(u.role) === 'admin' && u.id !== session.user?.id ? (
                        <ResetSecondFactor user={u} run={run} />
                      ) : null}
                      <DeleteUser user={u} selfId={session.user?.id} run={run} />
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
        </PagedList>
      </Section>
    </Page>
  );
}
