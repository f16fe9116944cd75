import { createRealtimeConnection, REALTIME_PATH } from '@core28/core/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { newsKeys } from './api';

const realtimeUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${REALTIME_PATH}`;

/**
 * Keeps the counts live while the app is open: the server's `news` event (a coach replied, or
 * items were read on another device) refetches them, as does a rejoin. Only for members the
 * socket admits (1-on-1 Burn): for the others the counts are read as pages load.
 */
export function useLiveNews(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    const connection = createRealtimeConnection({
      connect: () => new WebSocket(realtimeUrl()) as never,
      onRejoin: refetch,
      onEvent: (event) => {
        if (event.type === 'news') refetch();
      },
    });
    return () => connection.close();
  }, [enabled, queryClient]);
}
