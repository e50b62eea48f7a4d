import { ShieldCheck, Star } from 'lucide-react';
import { StatusBadge, type Tone } from '@/ui/status-badge';

/** Each campaign status as the admin reads it, with its tone. */
const STATUS: Record<string, [string, Tone]> = {
  pending: ['Pending', 'warning'],
  approved: ['Approved', 'info'],
  rejected: ['Rejected', 'danger'],
  purchased: ['Purchased', 'success'],
  ready_for_pickup: ['Ready for Pickup', 'success'],
  delivered: ['Delivered', 'success'],
  partially_fulfilled: ['Partially Funded', 'info'],
  paused: ['Paused', 'warning'],
  fulfilled: ['Fully Funded', 'success'],
  closed: ['Closed', 'neutral'],
};

export function CampaignStatusBadge({ status, featured = false }: { status: string; featured?: boolean }) {
  const [word, tone] = STATUS[status] ?? [status, 'neutral'];
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
