import { ChevronDown } from 'lucide-react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { type SessionUser } from '@contract/auth';
import { appRole, homeFor } from '@contract/roles';
import { SECURITY_PATH } from '@contract/second-factor-rules';
import { announce } from '@/lib/announce';
import { useLinkKit } from '@/lib/link-kit';
import { signOut } from '@/lib/session';
import { Avatar } from '@/ui/avatar';

const itemClass =
  'flex min-h-11 cursor-pointer items-center rounded-md px-3 text-base outline-none data-[focused]:bg-gray-100 data-[focused]:underline dark:data-[focused]:bg-gray-800';

/** Avatar menu: My Account, My Profile (recipients and organizations), My Gifts and My Monthly Giving (donors), Security and Sign Out, as an accessible menu button. */
export default function AccountMenu({ user }: { user: SessionUser }) {
  // The link kit's: the header is an island of a light page (decision 0058), where there is no router.
  const navigate = useLinkKit().useNavigate();
  const role = appRole(user.role);
  const name = `${user.first_name} ${user.last_name}`.trim();
  const accountPath = role === 'donor' ? '/donor/account' : homeFor(user);
  const profilePath =
    (role === 'recipient' || role === 'organization') && user.isOnboardingComplete ? `/${role}/profile` : null;
  return (
    <MenuTrigger>
      {/* The name is one hidden string and the shown word is hidden from screen readers: a name joined from the
          two is read with a stray space ("Ngozi , account menu"). */}
      <Button className="inline-flex min-h-11 cursor-pointer items-center gap-1 rounded-lg px-1 hover:bg-gray-100 dark:hover:bg-gray-800">
        <Avatar name={name} src={null} size={36} />
        <span aria-hidden="true" className="hidden max-w-32 truncate font-medium sm:inline">
          {user.first_name}
        </span>
        <span className="sr-only">{`${user.first_name}, account menu`}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </Button>
      <Popover
        placement="bottom end"
        className="min-w-48 rounded-lg border border-gray-300 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
      >
        <Menu
          aria-label="Account"
          className="outline-none"
          onAction={async (key) => {
            if (key === 'account') navigate(accountPath);
            if (key === 'gifts') navigate('/donor/gifts');
            if (key === 'monthly') navigate('/donor/giving');
            if (key === 'fundraisers') navigate('/donor/fundraisers');
            if (key === 'security') navigate(SECURITY_PATH);
            if (key === 'profile' && profilePath) navigate(profilePath);
            if (key === 'signout') {
              await signOut();
              announce('You have signed out.');
              navigate('/login', { replace: true });
            }
          }}
        >
          <MenuItem id="account" className={itemClass}>
            My Account
          </MenuItem>
          {profilePath ? (
            <MenuItem id="profile" className={itemClass}>
              My Profile
            </MenuItem>
          ) : null}
          {role === 'donor' ? (
            <MenuItem id="gifts" className={itemClass}>
              My Gifts
            </MenuItem>
          ) : null}
          {role === 'donor' ? (
            <MenuItem id="monthly" className={itemClass}>
              My Monthly Giving
            </MenuItem>
          ) : null}
          {role === 'donor' ? (
            <MenuItem id="fundraisers" className={itemClass}>
              My Fundraisers
            </MenuItem>
          ) : null}
          <MenuItem id="security" className={itemClass}>
            Security
          </MenuItem>
          <MenuItem id="signout" className={itemClass}>
            Sign Out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
