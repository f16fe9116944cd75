import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenLive } from '@/lib/live-socket';
import { newsKeys } from './api';

/**
 * Keeps the counts live while the app is open: the server's `news` event (a coach replied, or
 * items were read on another device, a job's or a payment's item arrived) refetches them, as does
 * a rejoin. On the tab's one socket, which the hub admits for every signed-in member.
 */
export function useLiveNews(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    return listenLive({
      onRejoin: refetch,
      onEvent: (event) => {
        if (event.type === 'news') refetch();
      },
    });
  }, [enabled, queryClient]);
}
