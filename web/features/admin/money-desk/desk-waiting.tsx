import { Link } from 'react-router';
import { textLink } from '@/ui/text-link';
import { useAttention, useJobCounts } from './money-desk-api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The dashboard's lines about the money desk: payments needing a decision, and failed and waiting
 * background jobs, each a link to its page. A line shows once its count is known; a failed count
 * shows nothing rather than a wrong zero.
 */
export function DeskWaiting() {
  const attention = useAttention();
  const jobs = useJobCounts();
  const lines: { to: string; text: string }[] = [];
  if (attention.data)
    lines.push({
      to: '/admin/payments/attention',
      text: plural(attention.data.length, 'payment needs attention', 'payments need attention'),
    });
  if (jobs.data) {
    lines.push({
      to: '/admin/jobs',
      text: plural(jobs.data.failed, 'background job failed', 'background jobs failed'),
    });
    lines.push({
      to: '/admin/jobs?status=waiting',
      text: plural(jobs.data.waiting, 'background job waiting to run', 'background jobs waiting to run'),
    });
  }
  if (lines.length === 0) return null;
  return (
    <ul aria-label="Money and background jobs" className="mb-6 space-y-1 text-lg text-gray-800 dark:text-gray-200">
      {lines.map((line) => (
        <li key={line.to}>
          <Link to={line.to} className={textLink}>
            {line.text}
          </Link>
          .
        </li>
      ))}
    </ul>
  );
}
