import { useQuery } from '@tanstack/react-query';
import {
  Activity,
  Building2,
  ClipboardList,
  FileUser,
  HelpCircle,
  PackageCheck,
  Settings,
  ShoppingBag,
  Users,
} from 'lucide-react';
import { useLocation } from 'react-router';
import { useRequestCards } from '@/lib/requests';
import { freshUserQuery, useSession } from '@/lib/session';
import { SETTINGS_KEYS } from '@/lib/settings';
import { DashboardCard, DashboardCards, FigureTiles } from '@/ui/dashboard';
import { ErrorMessage } from '@/ui/feedback';
import { StatusBox } from '@/ui/form';
import { Page } from '@/ui/page';
import { useOrganizationCampaigns, useOverview } from './api';

const count = new Intl.NumberFormat('en-NG');

function Overview() {
  const overview = useOverview();
  if (overview.isError)
    return <ErrorMessage>Could not load your organization&rsquo;s figures. Please reload the page.</ErrorMessage>;
  // Until the figures arrive each tile says so, rather than show a 0 that is not true.
  const value = (n: number | undefined) =>
    n === undefined ? <span className="text-lg font-medium">Loading...</span> : count.format(n);
  return (
    <FigureTiles
      title="Overview"
      figures={[
        { label: 'Active Campaigns', value: value(overview.data?.activeCampaigns), icon: Activity },
        { label: 'Devices Received', value: value(overview.data?.devicesReceived), icon: PackageCheck },
        { label: 'Team Members', value: value(overview.data?.teamMembers), icon: Users },
      ]}
    />
  );
}

export default function OrganizationDashboardPage() {
  const session = useSession();
  const me = useQuery(freshUserQuery);
  const campaigns = useOrganizationCampaigns();
  const cards = useRequestCards(
    SETTINGS_KEYS.orgRequestSubmitted,
    me.data?.canCreateCampaign,
    campaigns.data ? campaigns.data.length > 0 : undefined,
  );
  const location = useLocation();
  const message = (location.state as { message?: string } | null)?.message;
  const user = me.data ?? session.user;
  const onboarded = user?.isOnboardingComplete ?? true;
  const name = user?.organizationName || user?.first_name;
  return (
    <Page title="Organization Dashboard" intro={<StatusBox>{message}</StatusBox>}>
      <div className="space-y-10">
        {name ? (
          <p className="text-lg">
            Welcome, {name}. Request devices for the people you serve and follow each request here.
          </p>
        ) : null}
        <Overview />
        <DashboardCards label="Your organization area">
          {!onboarded ? (
            <DashboardCard to="/onboarding" title="Complete Your Profile" icon={FileUser}>
              Tell us about your organization and upload its registration document before you request devices.
            </DashboardCard>
          ) : null}
          {onboarded && cards.start ? (
            <DashboardCard to="/organization/catalog" title="Request Devices" icon={ShoppingBag}>
              Choose a product from the organization catalog and the number of units you need.
            </DashboardCard>
          ) : null}
          {onboarded && cards.status ? (
            <DashboardCard to="/organization/status" title="Campaign Status" icon={ClipboardList}>
              Follow your requests: review, funding and units received.
            </DashboardCard>
          ) : null}
          <DashboardCard to="/organization/profile" title="Organization Profile" icon={Building2}>
            The details and registration document you gave us.
          </DashboardCard>
          <DashboardCard to="/organization/team" title="Team Members" icon={Users}>
            The people who manage campaigns for your organization.
          </DashboardCard>
          <DashboardCard to="/organization/settings" title="Settings" icon={Settings}>
            Your account, notifications, team and security.
          </DashboardCard>
          <DashboardCard to="/organization/help" title="Help" icon={HelpCircle}>
            How organization requests work and how collection is arranged.
          </DashboardCard>
        </DashboardCards>
      </div>
    </Page>
  );
}
