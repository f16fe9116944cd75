import { staffMay } from '@core28/core/staff';
import { useQuery } from '@tanstack/react-query';
import { useViewer } from '@/lib/viewer';
import { coachUnreadQuery } from './admin-api';
import { useLiveCoaching } from './live';

/**
 * The admin navigation's count of conversations with a member's message no coach has opened,
 * kept live on every admin page: the socket's events refetch it (live.ts refetches the coach's
 * topic lists, this count among them).
 */
export function InboxUnreadBadge() {
  const { staff } = useViewer();
  return staffMay(staff, 'coach') ? <LiveCount /> : null;
}

function LiveCount() {
  useLiveCoaching();
  const unread = useQuery(coachUnreadQuery()).data?.unread ?? 0;
  if (unread <= 0) return null;
  return (
    <span
      data-testid="inbox-unread"
      className="ml-auto grid h-5 min-w-5 place-items-center rounded-full bg-white px-1.5 text-xs font-bold text-brand-700"
    >
      {unread}
      <span className="sr-only"> unread conversations</span>
    </span>
  );
}
