import type { InboxView, SavedReplyInput } from '@core28/core/coaching';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiError, api, unwrap } from '@/lib/api';
import { useDraftKey } from '@/lib/idempotency-key';
import { addMessage, coachingKeys } from './api';

// The coach's side of coaching (the admin pages): kept out of api.ts, which the member's pages load.

/** One page of one of the inbox's views, searched; the page shown stays until the next arrives. */
export const coachTopicsQuery = ({ view, q, page }: { view: InboxView; q: string; page: number }) =>
  queryOptions({
    queryKey: [...coachingKeys.coachTopics, view, q, page] as const,
    queryFn: () =>
      unwrap(
        api.admin.coaching.topics.$get({
          query: { view, page: String(page), q: q || undefined },
        }),
      ),
    placeholderData: keepPreviousData,
    meta: { errorLog: 'Failed to load discussion topics' }, // spec §8: logged; the list is empty
  });
export type InboxTopic = InferResponseType<typeof api.admin.coaching.topics.$get, 200>['topics'][number];

/** The admin navigation's count: conversations with a member's message nobody opened (refetched live). */
export const coachUnreadQuery = () =>
  queryOptions({
    queryKey: [...coachingKeys.coachTopics, 'unread'] as const,
    queryFn: () => unwrap(api.admin.coaching.unread.$get()),
    meta: { errorLog: 'Failed to count unread conversations' },
  });

/** One topic as the coach sees it; `memberId` (the chat page's address) must be the topic's member. */
export const coachConversationQuery = (topicId: string, memberId: string | null = null) =>
  queryOptions({
    queryKey: [...coachingKeys.coachConversation(topicId), memberId] as const,
    queryFn: async () => {
      const conversation = await unwrap(api.admin.coaching.topics[':topicId'].$get({ param: { topicId } }));
      if (memberId !== null && conversation.topic.userId !== memberId)
        throw new ApiError(404, 'NOT_FOUND', 'This conversation is not with that member.');
      return conversation;
    },
    meta: { errorToast: { title: 'Failed to load conversation' } },
  });

export function useSendReply(topicId: string) {
  const queryClient = useQueryClient();
  const draft = useDraftKey();
  return useMutation({
    mutationFn: (message: string) =>
      unwrap(
        api.admin.coaching.topics[':topicId'].replies.$post(
          { param: { topicId }, json: { message } },
          { headers: draft.keyFor(message) },
        ),
      ),
    onSuccess: ({ message }, text) => {
      draft.sent(text);
      addMessage(queryClient, coachingKeys.coachConversation(topicId), message);
      void queryClient.invalidateQueries({ queryKey: coachingKeys.coachTopics });
    },
  });
}

export function useSetArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topicId, isArchived }: { topicId: string; isArchived: boolean }) =>
      unwrap(api.admin.coaching.topics[':topicId'].$patch({ param: { topicId }, json: { isArchived } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coachingKeys.coach }),
  });
}

export const markReadByCoach = (topicId: string) =>
  unwrap(api.admin.coaching.topics[':topicId'].read.$post({ param: { topicId } }));

const savedRepliesKey = ['admin', 'coaching', 'saved-replies'] as const;
const savedReplies = api.admin.coaching['saved-replies'];

export const savedRepliesQuery = () =>
  queryOptions({
    queryKey: savedRepliesKey,
    queryFn: () => unwrap(savedReplies.$get()),
    meta: { errorLog: 'Failed to load saved replies' },
  });
export type SavedReply = InferResponseType<typeof savedReplies.$get, 200>['replies'][number];

export function useSavedReplies() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: savedRepliesKey });
  const create = useMutation({
    mutationFn: (json: SavedReplyInput) => unwrap(savedReplies.$post({ json })),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ replyId, input }: { replyId: string; input: SavedReplyInput }) =>
      unwrap(savedReplies[':replyId'].$put({ param: { replyId }, json: input })),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (replyId: string) => unwrap(savedReplies[':replyId'].$delete({ param: { replyId } })),
    onSuccess,
  });
  return { create, update, remove };
}
