import { TopicInputSchema } from '@core28/core/coaching';
import { hasTier } from '@core28/core/subscriptions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Lock, MessageCirclePlus, MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { useZodForm } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useViewer } from '../auth/api';
import {
  coachingKeys,
  isForbidden,
  type MemberTopic,
  markReadByMember,
  memberConversationQuery,
  memberTopicsQuery,
  useCreateTopic,
  useSendMessage,
} from './api';
import { Composer, formatRelative, LiveIndicator, MessageList, UnreadBadge } from './conversation';
import { useLiveCoaching } from './live';

export default function CoachingPage() {
  const { isAdmin, subscription, isLoading } = useViewer();
  if (isLoading || (!isAdmin && subscription === null)) return <PageSpinner />;
  if (isAdmin) return <Navigate to="/admin/one-on-one" replace />;
  if (!hasTier(subscription!, '1-on-1 Burn')) return <AccessRestricted />;
  return <Coaching />;
}

/** spec §2: members without a subscribed 1-on-1 Burn plan. */
function AccessRestricted() {
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-16 text-center sm:px-6">
      <div className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
        <Lock className="size-6" aria-hidden />
      </div>
      <h1 className="text-3xl font-extrabold tracking-tight">Access Restricted</h1>
      <p className="text-zinc-600">
        One-on-one coaching is part of the 1-on-1 Burn plan: ask a coach anything about your training, form
        and nutrition, and get personal answers.
      </p>
      <Button asChild className="mx-auto">
        <Link to="/subscription">Upgrade to 1-on-1 Burn</Link>
      </Button>
    </div>
  );
}

function Coaching() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('topic');
  const select = (id: string | null) => setParams(id ? { topic: id } : {}, { replace: false });
  const [isCreating, setIsCreating] = useState(false);
  const status = useLiveCoaching();
  const topics = useQuery(memberTopicsQuery());
  if (isForbidden(topics.error)) return <AccessRestricted />;

  const list = topics.data?.topics ?? [];
  const selected = list.find((t) => t.id === selectedId) ?? null;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-3xl font-extrabold tracking-tight">1-on-1 Coaching</h1>
          <p className="text-zinc-600">
            Ask your coach anything. Replies appear here as soon as they are sent.
          </p>
        </div>
        <div className="flex items-center gap-3">
          <LiveIndicator status={status} />
          <Button onClick={() => setIsCreating(true)}>
            <MessageCirclePlus /> New Topic
          </Button>
        </div>
      </header>

      <Card className="grid h-[min(70vh,720px)] min-h-[420px] grid-cols-[minmax(0,1fr)] overflow-hidden md:grid-cols-[320px_minmax(0,1fr)]">
        <aside
          aria-label="Discussion topics"
          className={cn('min-h-0 overflow-y-auto border-zinc-200 md:border-r', selected && 'hidden md:block')}
        >
          {topics.isPending ? (
            <div className="grid place-items-center p-10">
              <Spinner />
            </div>
          ) : topics.isError ? (
            <LoadError
              message="Failed to load discussion topics"
              onRetry={() => topics.refetch()}
              className="text-sm"
            />
          ) : list.length === 0 ? (
            <div className="grid gap-3 p-6 text-center text-sm text-zinc-600">
              <MessagesSquare className="mx-auto size-8 text-zinc-400" aria-hidden />
              <p>No topics yet. Start one to ask your coach a question.</p>
            </div>
          ) : (
            <ul className="divide-y divide-zinc-100">
              {list.map((topic) => (
                <li key={topic.id}>
                  <button
                    type="button"
                    onClick={() => select(topic.id)}
                    aria-current={topic.id === selectedId ? 'true' : undefined}
                    className={cn(
                      'grid w-full grid-cols-[minmax(0,1fr)] gap-1 px-4 py-3 text-left hover:bg-zinc-50',
                      topic.id === selectedId && 'bg-brand-50 hover:bg-brand-50',
                    )}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span
                        className={cn('min-w-0 truncate', topic.hasNewMessages ? 'font-bold' : 'font-medium')}
                      >
                        {topic.title}
                      </span>
                      <UnreadBadge count={topic.unreadCount} />
                    </span>
                    <span className="text-xs text-zinc-600">{formatRelative(topic.lastMessageAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </aside>
        <section className={cn('flex min-h-0 flex-col bg-zinc-50/60', !selected && 'hidden md:flex')}>
          {selected ? (
            <MemberConversation key={selected.id} topic={selected} onBack={() => select(null)} />
          ) : (
            <div className="grid flex-1 place-items-center p-10 text-center text-sm text-zinc-500">
              Choose a topic, or start a new one.
            </div>
          )}
        </section>
      </Card>

      <NewTopicDialog
        open={isCreating}
        onOpenChange={setIsCreating}
        onCreated={(id) => {
          setIsCreating(false);
          select(id);
        }}
      />
    </div>
  );
}

function MemberConversation({ topic, onBack }: { topic: MemberTopic; onBack: () => void }) {
  const queryClient = useQueryClient();
  const conversation = useQuery(memberConversationQuery(topic.id));
  const send = useSendMessage(topic.id);
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
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Back to topics"
          onClick={onBack}
        >
          <ArrowLeft />
        </Button>
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
      />
    </>
  );
}

function NewTopicDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  const form = useZodForm(TopicInputSchema, { defaultValues: { title: '', description: '' } });
  const { errors } = form.formState;
  const create = useCreateTopic();

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ topic }) => {
        toast.success('Discussion topic created successfully');
        form.reset();
        onCreated(topic.id);
      },
      onError: (err) => toast.error('Failed to create discussion topic', { description: err.message }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>New Topic</DialogTitle>
        <DialogDescription>What would you like to talk about with your coach?</DialogDescription>
        <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
          <Field id="topic-title" label="Title" error={errors.title?.message}>
            <Input
              maxLength={200}
              placeholder="e.g. Lower back pain during leg raises"
              autoFocus
              {...form.register('title')}
            />
          </Field>
          <Field id="topic-description" label="Description (optional)" error={errors.description?.message}>
            <Textarea rows={4} maxLength={2000} {...form.register('description')} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              Create Topic
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
