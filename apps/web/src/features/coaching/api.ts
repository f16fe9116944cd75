import type { LiveMessage } from '@core28/core/realtime';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiError, api, unwrap } from '@/lib/api';
import { useDraftKey } from '@/lib/idempotency-key';

export const coachingKeys = {
  member: ['coaching'] as const,
  memberTopics: ['coaching', 'topics'] as const,
  memberConversation: (topicId: string) => ['coaching', 'topic', topicId] as const,
  coach: ['admin', 'coaching'] as const,
  coachTopics: ['admin', 'coaching', 'topics'] as const,
  /** Every cached view of one topic: the inbox's, and the chat page's for the member it names. */
  coachConversation: (topicId: string) => ['admin', 'coaching', 'topic', topicId] as const,
};

// ---- the member ----

export const memberTopicsQuery = () =>
  queryOptions({
    queryKey: coachingKeys.memberTopics,
    queryFn: () => unwrap(api.coaching.topics.$get()),
    // A refusal (the plan ended meanwhile) shows Access Restricted rather than a failure.
    meta: {
      errorToast: (error) => (isForbidden(error) ? null : { title: 'Failed to load discussion topics' }),
    },
  });

export const isForbidden = (error: Error | null) => error instanceof ApiError && error.status === 403;

export const memberConversationQuery = (topicId: string) =>
  queryOptions({
    queryKey: coachingKeys.memberConversation(topicId),
    queryFn: () => unwrap(api.coaching.topics[':topicId'].$get({ param: { topicId } })),
    meta: { errorToast: { title: 'Failed to load messages' } },
  });

/** The member's own coach: name, photo and bio (null until one is assigned). */
export const memberCoachQuery = () =>
  queryOptions({
    queryKey: [...coachingKeys.member, 'coach'] as const,
    queryFn: () => unwrap(api.coaching.coach.$get()),
    staleTime: 10 * 60_000,
    meta: { errorLog: 'Failed to load your coach' },
  });

export type MemberTopic = InferResponseType<typeof api.coaching.topics.$get, 200>['topics'][number];

export function useCreateTopic() {
  const queryClient = useQueryClient();
  const draft = useDraftKey();
  return useMutation({
    mutationFn: (json: { title: string; description: string }) =>
      unwrap(api.coaching.topics.$post({ json }, { headers: draft.keyFor(topicDraft(json)) })),
    onSuccess: (_, json) => {
      draft.sent(topicDraft(json));
      return queryClient.invalidateQueries({ queryKey: coachingKeys.memberTopics });
    },
  });
}

const topicDraft = ({ title, description }: { title: string; description: string }) =>
  `${title.trim()}\n${description.trim()}`;

/**
 * What makes an attachment's draft the same draft: the file picked again (its name, type and size;
 * not its lastModified, which a picker may set to the moment it was picked) and the caption.
 */
const uploadDraft = ({ file, caption }: { file: File; caption: string }) =>
  [file.name, file.type, file.size, caption].join('\n');

export function useSendMessage(topicId: string) {
  const queryClient = useQueryClient();
  const draft = useDraftKey();
  return useMutation({
    mutationFn: (message: string) =>
      unwrap(
        api.coaching.topics[':topicId'].messages.$post(
          { param: { topicId }, json: { message } },
          { headers: draft.keyFor(message) },
        ),
      ),
    onSuccess: ({ message }, text) => {
      draft.sent(text);
      const conversationKey = coachingKeys.memberConversation(topicId);
      // Sent before the conversation had loaded: its pending read may have missed the message.
      if (queryClient.getQueryData(conversationKey) === undefined)
        void queryClient.invalidateQueries({ queryKey: conversationKey });
      else addMessage(queryClient, conversationKey, message);
      void queryClient.invalidateQueries({ queryKey: coachingKeys.memberTopics });
    },
  });
}

export const markReadByMember = (topicId: string) =>
  unwrap(api.coaching.topics[':topicId'].read.$post({ param: { topicId } }));

/** Appends a message to the cached conversations under `queryKey` once, from the answer or the socket. */
export function addMessage(queryClient: QueryClient, queryKey: readonly unknown[], message: LiveMessage) {
  queryClient.setQueriesData({ queryKey }, (old: { messages: LiveMessage[] } | undefined) => {
    if (!old || old.messages.some((m) => m.id === message.id)) return old;
    return { ...old, messages: [...old.messages, message] };
  });
}

// ---- attachments, either side's ----

/**
 * Sends a photo or video (multipart: "file", and the reply box's text as "message"). The route
 * reads its body itself (after its own size limit), so the form goes as the request's body; the
 * server's 413/415 message is the error's.
 */
export function useSendAttachment(topicId: string, side: 'member' | 'coach') {
  const queryClient = useQueryClient();
  const draft = useDraftKey();
  return useMutation({
    mutationFn: (upload: { file: File; caption: string }) => {
      const body = new FormData();
      body.append('file', upload.file);
      body.append('message', upload.caption);
      const param = { param: { topicId } };
      const options = { init: { body }, headers: draft.keyFor(uploadDraft(upload)) };
      return side === 'member'
        ? unwrap(api.coaching.topics[':topicId'].attachments.$post(param, options))
        : unwrap(api.admin.coaching.topics[':topicId'].attachments.$post(param, options));
    },
    onSuccess: ({ message }, upload) => {
      draft.sent(uploadDraft(upload));
      if (side === 'member') {
        addMessage(queryClient, coachingKeys.memberConversation(topicId), message);
        void queryClient.invalidateQueries({ queryKey: coachingKeys.memberTopics });
      } else {
        addMessage(queryClient, coachingKeys.coachConversation(topicId), message);
        void queryClient.invalidateQueries({ queryKey: coachingKeys.coachTopics });
      }
    },
  });
}
