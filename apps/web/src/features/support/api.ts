import type { SupportView } from '@core28/core/contact';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

// The support inbox's reads and writes (staff with the support capability).

const supportKey = ['admin', 'support'] as const;
const messages = api.admin.support;

export const supportMessagesQuery = ({ view, page }: { view: SupportView; page: number }) =>
  queryOptions({
    queryKey: [...supportKey, view, page] as const,
    queryFn: () => unwrap(messages.$get({ query: { view, page: String(page) } })),
    placeholderData: keepPreviousData,
    meta: { errorLog: 'Failed to load support messages' },
  });
export type SupportMessage = InferResponseType<typeof messages.$get, 200>['messages'][number];

export function useSupportActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: supportKey });
  const setHandled = useMutation({
    mutationFn: ({ messageId, handled }: { messageId: string; handled: boolean }) =>
      unwrap(messages[':messageId'].$patch({ param: { messageId }, json: { handled } })),
    onSuccess,
  });
  const reply = useMutation({
    mutationFn: ({ messageId, message }: { messageId: string; message: string }) =>
      unwrap(messages[':messageId'].replies.$post({ param: { messageId }, json: { message } })),
    onSuccess,
  });
  return { setHandled, reply };
}
