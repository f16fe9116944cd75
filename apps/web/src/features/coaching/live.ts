import type { ConnectionStatus, LiveMessage } from '@core28/core/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { listenLive } from '@/lib/live-socket';
import { authKeys } from '../auth/api';
import { addMessage, coachingKeys } from './api';

/**
 * Keeps the coaching caches live: new messages are appended to the open conversation and the
 * topic lists refetch; after a rejoin everything coaching is refetched, so nothing is missed.
 * When the server ends the socket for good (signed out elsewhere, or too many open windows) it
 * stays closed: a signed-out session re-reads who is signed in, so the page's guard takes over.
 */
export function useLiveCoaching(
  options: { onMessage?: (topicId: string, message: LiveMessage) => void } = {},
) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const onMessage = useRef(options.onMessage);
  onMessage.current = options.onMessage;

  useEffect(() => {
    const refetchAll = () => {
      void queryClient.invalidateQueries({ queryKey: coachingKeys.member });
      void queryClient.invalidateQueries({ queryKey: coachingKeys.coach });
    };
    return listenLive({
      onStatus: (next) => {
        setStatus(next);
        if (next === 'signed-out') void queryClient.invalidateQueries({ queryKey: authKeys.me });
      },
      onRejoin: refetchAll,
      onEvent: (event) => {
        if (event.type === 'message') {
          addMessage(queryClient, coachingKeys.memberConversation(event.topicId), event.message);
          addMessage(queryClient, coachingKeys.coachConversation(event.topicId), event.message);
          onMessage.current?.(event.topicId, event.message);
        }
        if (event.type === 'message' || event.type === 'topic') {
          void queryClient.invalidateQueries({ queryKey: coachingKeys.memberTopics });
          void queryClient.invalidateQueries({ queryKey: coachingKeys.coachTopics });
        }
      },
    });
  }, [queryClient]);

  return status;
}
