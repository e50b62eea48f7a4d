import { useQuery } from '@tanstack/react-query';
import { ClipboardList, FileUser, HelpCircle, Settings, ShoppingBag, User } from 'lucide-react';
import { useRequestCards } from '@/lib/requests';
import { freshUserQuery, useSession } from '@/lib/session';
import { SETTINGS_KEYS } from '@/lib/settings';
import { DashboardCard, DashboardCards } from '@/ui/dashboard';
import { Page } from '@/ui/page';
import { useMyCampaigns } from './api';

export default function RecipientDashboardPage() {
  const session = useSession();
  const user = session.user;
  const me = useQuery(freshUserQuery);
  const campaigns = useMyCampaigns();
  const cards = useRequestCards(
    SETTINGS_KEYS.requestSubmitted,
    me.data?.canCreateCampaign,
    campaigns.data ? campaigns.data.length > 0 : undefined,
  );
  const onboarded = user?.isOnboardingComplete ?? true;
  return (
    <Page
      title="Recipient Dashboard"
      intro={
        user ? <p>Welcome, {user.first_name}. From here you can request a device and follow your request.</p> : null
      }
    >
      <DashboardCards label="Your recipient area">
        {!onboarded ? (
          <DashboardCard to="/onboarding" title="Complete Your Profile" icon={FileUser}>
            Tell us about yourself and upload your ID. You can request a device once your profile is complete.
          </DashboardCard>
        ) : null}
        {onboarded && cards.start ? (
          <DashboardCard to="/recipient/catalog" title="Start a Campaign" icon={ShoppingBag}>
            Choose the device that would help you most from our catalog and tell us why you need it.
          </DashboardCard>
        ) : null}
        {onboarded && cards.status ? (
          <DashboardCard to="/recipient/status" title="Campaign Status" icon={ClipboardList}>
            See where your request stands, what our team said, and how much donors have given.
          </DashboardCard>
        ) : null}
        <DashboardCard to="/recipient/profile" title="My Profile" icon={User}>
          The details you gave us, and your ID document.
        </DashboardCard>
        <DashboardCard to="/recipient/settings" title="Settings" icon={Settings}>
          Change your password or sign out.
        </DashboardCard>
        <DashboardCard to="/recipient/help" title="Help" icon={HelpCircle}>
          How requests work, collecting your device in Lagos, and how to reach us.
        </DashboardCard>
      </DashboardCards>
    </Page>
  );
}
