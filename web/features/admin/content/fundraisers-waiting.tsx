import { Link } from 'react-router';
import { textLink } from '@/ui/text-link';
import { useFundraiserQueue } from './fundraisers-api';

/** The dashboard's line about supporters' fundraisers (and their edits) waiting for review; nothing until the count is known. */
export function FundraisersWaiting() {
  const queue = useFundraiserQueue();
  if (queue.data === undefined) return null;
  const n = queue.data.items.length;
  return (
    <p className="mb-6 text-lg text-gray-800 dark:text-gray-200">
      <Link to="/admin/messages" className={textLink}>
        {n === 0
          ? 'No fundraisers are waiting for review'
          : `${n} ${n === 1 ? 'fundraiser' : 'fundraisers'} waiting for review`}
      </Link>
      .
    </p>
  );
}
