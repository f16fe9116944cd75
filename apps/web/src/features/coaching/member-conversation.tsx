import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import {
  coachingKeys,
  type MemberTopic,
  markReadByMember,
  memberConversationQuery,
  useSendMessage,
} from './api';
import { BackToTopics, Composer, MessageList, useAttachmentSender } from './conversation';

/** One of the member's topics: its messages, read as they arrive, and the message box. */
export function MemberConversation({ topic, onBack }: { topic: MemberTopic; onBack: () => void }) {
  const queryClient = useQueryClient();
  const conversation = useQuery(memberConversationQuery(topic.id));
  const send = useSendMessage(topic.id);
  const sendAttachment = useAttachmentSender(topic.id, 'member');
  const messages = conversation.data?.messages ?? [];
  const unread = messages.filter((m) => m.isCoachReply && !m.readByUser).length;

  // spec §4: coach replies are read once the member has the topic open, new ones included.
  useEffect(() => {
    if (unread === 0 && topic.unreadCount === 0) return;
    void markReadByMember(topic.id)
      .then(() => {
        queryClient.setQueryData(memberConversationQuery(topic.id).queryKey, (old) =>
          old ? { ...old, messages: old.messages.map((m) => ({ ...m, readByUser: true })) } : old,
        );
        return queryClient.invalidateQueries({ queryKey: coachingKeys.memberTopics });
      })
      .catch(() => {});
  }, [unread, topic.id, topic.unreadCount, queryClient]);

  return (
    <>
      <div className="flex items-start gap-2 border-b border-zinc-200 bg-white px-4 py-3">
        <BackToTopics onClick={onBack} />
        <div className="min-w-0">
          <h2 className="truncate font-bold">{topic.title}</h2>
          {topic.description && <p className="line-clamp-2 text-sm text-zinc-600">{topic.description}</p>}
        </div>
      </div>
      {conversation.isPending ? (
        <div className="grid flex-1 place-items-center">
          <Spinner />
        </div>
      ) : conversation.isError ? (
        <LoadError
          message="Failed to load messages"
          onRetry={() => conversation.refetch()}
          className="flex-1 text-sm"
        />
      ) : (
        <MessageList
          messages={messages}
          viewer="member"
          emptyText="No messages yet. Say hello to your coach."
        />
      )}
      <Composer
        label="Message"
        placeholder="Write a message… (Enter sends, Shift+Enter for a new line)"
        onSend={(text) =>
          send.mutateAsync(text).then(
            () => toast.success('Message sent successfully'),
            (err) => {
              toast.error('Failed to send message', {
                description: err instanceof Error ? err.message : undefined,
              });
              throw err;
            },
          )
        }
        onAttach={sendAttachment}
      />
    </>
  );
}
