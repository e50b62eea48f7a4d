import { ShieldCheck, Star } from 'lucide-react';
import { campaignStatusWord } from '@/lib/campaign-status';
import { StatusBadge, type Tone } from '@/ui/status-badge';

/** Each campaign status's tone; its words are the site's (`campaignStatusWord`). */
const TONE: Record<string, Tone> = {
  pending: 'warning',
  approved: 'info',
  rejected: 'danger',
  purchased: 'success',
  ready_for_pickup: 'success',
  delivered: 'success',
  partially_fulfilled: 'info',
  paused: 'warning',
  fulfilled: 'success',
  closed: 'neutral',
};

export function CampaignStatusBadge({ status, featured = false }: { status: string; featured?: boolean }) {
  const word = campaignStatusWord(status);
  const tone = TONE[status] ?? 'neutral';
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <StatusBadge tone={tone}>{word}</StatusBadge>
      {featured ? (
        <StatusBadge tone="success" icon={Star}>
          Featured
        </StatusBadge>
      ) : null}
    </span>
  );
}

/** Role names containing 'admin' stand out by a badge with a word and an icon, never by colour alone. */
export function RoleBadge({ role }: { role: string }) {
  return role.toLowerCase().includes('admin') ? (
    <StatusBadge tone="info" icon={ShieldCheck}>
      {role}
    </StatusBadge>
  ) : (
    <span>{role}</span>
  );
}
