import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import type { Notification } from '@contract/auth';
import { apiGet, apiRequest } from '@/lib/api';
import { useLinkKit } from '@/lib/link-kit';

const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

/** The bell: lists the user's notifications; opening it while some are unread marks them all read. */
export default function NotificationBell() {
  // The link kit's links: the header is an island of a light page (decision 0058), where there is no router.
  const { Link } = useLinkKit();
  const queryClient = useQueryClient();
  const { data = [], isError } = useQuery({
    queryKey: ['notifications'],
    queryFn: () => apiGet<Notification[]>('/notifications'),
    refetchInterval: 60_000,
  });
  const unread = data.filter((n) => !n.is_read).length;
  const markRead = useMutation({
    mutationFn: () => apiRequest('/notifications/read', { method: 'POST' }),
    onMutate: () => {
      queryClient.setQueryData<Notification[]>(['notifications'], (list) =>
        list?.map((n) => ({ ...n, is_read: true })),
      );
    },
  });
  return (
    <DialogTrigger
      onOpenChange={(open) => {
        if (open && unread > 0) markRead.mutate();
      }}
    >
      <Button
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative inline-flex min-h-9 min-w-9 cursor-pointer items-center justify-center rounded-md px-2 hover:bg-gray-800"
      >
        <Bell aria-hidden="true" className="size-4" />
        {unread > 0 ? (
          <span aria-hidden="true" className="ml-1 rounded-full bg-orange-300 px-1.5 text-xs font-bold text-gray-950">
            {unread}
          </span>
        ) : null}
      </Button>
      <Popover
        placement="bottom end"
        className="w-80 max-w-[calc(100vw-1rem)] rounded-lg border border-gray-300 bg-white text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
      >
        <Dialog className="max-h-96 overflow-y-auto p-3 outline-none" aria-labelledby="notifications-heading">
          <Heading id="notifications-heading" slot="title" className="text-lg font-bold">
            Notifications
          </Heading>
          {isError ? (
            <p className="mt-2">Could not load your notifications.</p>
          ) : data.length === 0 ? (
            <p className="mt-2">You have no notifications.</p>
          ) : (
            <ul className="mt-2 divide-y divide-gray-200 dark:divide-gray-700">
              {data.map((n) => (
                <li key={n.id} className="py-2">
                  {n.link_to ? (
                    <Link to={n.link_to} className="underline">
                      {n.message}
                    </Link>
                  ) : (
                    <span>{n.message}</span>
                  )}
                  <span className="block text-sm text-gray-700 dark:text-gray-300">
                    {dateFormat.format(new Date(n.created_at))}
                    {n.is_read ? '' : ' · new'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
