import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Maximize2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { memberSummaryQuery } from '../admin/api';
import { coachConversationQuery, markReadByCoach, useSendReply, useSetArchived } from './admin-api';
import { coachingKeys } from './api';
import { BackToTopics, Composer, MessageList, useAttachmentSender } from './conversation';
import { MemberPanel } from './member-panel';
import { SavedReplies } from './saved-replies';

/** spec §8: the reply errors the coach sees. */
function replyError(err: unknown) {
  if (err instanceof ApiError && err.status === 401)
    return toast.error('You must be logged in to send replies');
  toast.error(`Failed to send reply: ${err instanceof Error ? err.message : 'unknown error'}`);
}

/**
 * One member's conversation as the coach sees it: messages, reply box, archive and restore.
 * Opening it marks the member's messages read (spec §4), and so does each new one while open.
 */
export function CoachConversation({
  topicId,
  expectedUserId,
  onBack,
  onArchived,
  showFullPageLink,
}: {
  topicId: string;
  expectedUserId?: string;
  onBack?: () => void;
  onArchived?: () => void;
  showFullPageLink?: boolean;
}) {
  const queryClient = useQueryClient();
  const conversation = useQuery(coachConversationQuery(topicId, expectedUserId ?? null));
  const send = useSendReply(topicId);
  const sendAttachment = useAttachmentSender(topicId, 'coach');
  const setArchived = useSetArchived();
  const topic = conversation.data?.topic;
  const summary = useQuery({ ...memberSummaryQuery(topic?.userId ?? ''), enabled: Boolean(topic) }).data;
  const fill = summary ? { firstName: summary.firstName, day: summary.currentDay } : null;
  const memberMessages = conversation.data?.messages.filter((m) => !m.isCoachReply).length ?? 0;

  useEffect(() => {
    if (memberMessages === 0) return;
    void markReadByCoach(topicId)
      .then(({ marked }) => {
        if (marked > 0) return queryClient.invalidateQueries({ queryKey: coachingKeys.coachTopics });
      })
      .catch((err) => console.error('Failed to mark messages read', err));
  }, [memberMessages, topicId, queryClient]);

  const toggleArchive = () => {
    if (!topic) return;
    const isArchived = !topic.isArchived;
    setArchived.mutate(
      { topicId, isArchived },
      {
        onSuccess: () => {
          toast.success(isArchived ? 'Topic archived' : 'Topic restored from archive');
          if (isArchived) onArchived?.();
        },
        onError: (err) => toast.error('Failed to update topic', { description: err.message }),
      },
    );
  };

  if (conversation.isError)
    return (
      <LoadError
        message="Failed to load conversation"
        onRetry={() => conversation.refetch()}
        className="flex-1 p-10 text-sm"
      />
    );
  if (!topic)
    return (
      <div className="grid flex-1 place-items-center p-10">
        <Spinner />
      </div>
    );

  return (
    <>
      <div className="flex items-start gap-2 border-b border-zinc-200 bg-white px-4 py-3">
        {onBack && <BackToTopics onClick={onBack} />}
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-bold">{topic.title}</h2>
          <p className="truncate text-sm text-zinc-600">
            {topic.userName}
            {topic.isArchived && (
              <span className="ml-2 rounded bg-zinc-200 px-1.5 py-0.5 text-xs">Archived</span>
            )}
          </p>
          {topic.description && (
            <p className="mt-1 line-clamp-2 text-sm text-zinc-500">{topic.description}</p>
          )}
        </div>
        {showFullPageLink && (
          <Button variant="ghost" size="icon" asChild>
            <Link to={`/admin/chat/${topic.userId}/${topic.id}`} aria-label="Open the full chat page">
              <Maximize2 />
            </Link>
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={toggleArchive} disabled={setArchived.isPending}>
          {topic.isArchived ? <ArchiveRestore /> : <Archive />}
          {topic.isArchived ? 'Restore' : 'Archive'}
        </Button>
      </div>
      <MemberPanel userId={topic.userId} layout="strip" className="xl:hidden" />
      <div className="flex min-h-0 flex-1">
        <div className="flex min-w-0 flex-1 flex-col">
          <MessageList
            messages={conversation.data!.messages}
            viewer="coach"
            memberName={topic.userName}
            emptyText="No messages in this topic yet."
          />
          <Composer
            label="Reply"
            placeholder="Write a reply… (Enter sends, Shift+Enter for a new line)"
            disabled={topic.isArchived}
            disabledText="This topic is archived. Restore it to reply."
            tools={(insert) => <SavedReplies values={fill} onInsert={insert} />}
            onSend={(text) =>
              send.mutateAsync(text).then(
                () => toast.success('Reply sent successfully'),
                (err) => {
                  replyError(err);
                  throw err;
                },
              )
            }
            onAttach={sendAttachment}
          />
        </div>
        <MemberPanel
          userId={topic.userId}
          layout="column"
          className="hidden w-64 shrink-0 border-l border-zinc-200 bg-white xl:grid"
        />
      </div>
    </>
  );
}
