import { Link } from 'react-router';
import { textLink } from '@/ui/text-link';
import { useSupportMessagesAwaiting } from './support-messages-api';

/** The dashboard's line about words of support waiting for review; nothing until the count is known. */
export function SupportMessagesWaiting() {
  const waiting = useSupportMessagesAwaiting();
  if (waiting.data === undefined) return null;
  const n = waiting.data;
  return (
    <p className="mb-6 text-lg text-gray-800 dark:text-gray-200">
      <Link to="/admin/messages" className={textLink}>
        {n === 0
          ? 'No words of support are waiting for review'
          : `${n} ${n === 1 ? 'message' : 'messages'} of support waiting for review`}
      </Link>
      .
    </p>
  );
}
