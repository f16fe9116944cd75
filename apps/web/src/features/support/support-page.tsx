import { SUPPORT_VIEWS, type SupportView } from '@core28/core/contact';
import { staffMay } from '@core28/core/staff';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ChevronLeft, ChevronRight, Inbox, Reply, RotateCcw, Star } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/class-names';
import { formatRelative } from '@/lib/relative-time';
import { toast } from '@/lib/toast';
import { useViewer } from '@/lib/viewer';
import { type SupportMessage, supportMessagesQuery, useSupportActions } from './api';

const TABS: Record<SupportView, { label: string; empty: string }> = {
  open: { label: 'Open', empty: 'No open messages. Well done.' },
  handled: { label: 'Handled', empty: 'Nothing handled yet.' },
};
const PRIORITY: Record<SupportMessage['priority'], { label: string; className: string } | null> = {
  burn: { label: '1-on-1 Burn', className: 'bg-brand-600 text-white' },
  'daily-core': { label: 'The Daily Core', className: 'bg-zinc-900 text-white' },
  other: null,
};

/**
 * Priority support: the contact form's messages, 1-on-1 Burn members first and marked, then The
 * Daily Core, then everyone else, each oldest first; answered by e-mail or marked handled.
 */
export default function SupportPage() {
  const { staff } = useViewer();
  const [params, setParams] = useSearchParams();
  const view: SupportView = params.get('view') === 'handled' ? 'handled' : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({ ...supportMessagesQuery({ view, page }), enabled: staffMay(staff, 'support') });
  if (!staffMay(staff, 'support')) return <Navigate to="/admin" replace />;
  const messages = list.data?.messages ?? [];
  const pageCount = list.data?.pageCount ?? 1;
  const go = (next: { view?: SupportView; page?: number }) =>
    setParams({
      view: next.view ?? view,
      ...(next.page && next.page > 1 ? { page: String(next.page) } : {}),
    });

  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Support</h1>
        <p className="text-zinc-600">Messages from the contact form; members on 1-on-1 Burn first.</p>
      </header>
      <div role="tablist" aria-label="Support messages" className="flex gap-1">
        {SUPPORT_VIEWS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={id === view}
            onClick={() => go({ view: id })}
            className={cn(
              'rounded-lg px-4 py-1.5 text-sm font-medium',
              id === view ? 'bg-zinc-900 text-white' : 'text-zinc-600 hover:bg-zinc-100',
            )}
          >
            {TABS[id].label}
            {id === view && list.data ? ` (${list.data.total})` : ''}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={`${TABS[view].label} messages`} className="grid gap-3">
        {list.isPending ? (
          <div className="grid place-items-center p-10">
            <Spinner />
          </div>
        ) : messages.length === 0 ? (
          <Card className="grid gap-2 p-8 text-center text-sm text-zinc-600">
            <Inbox className="mx-auto size-8 text-zinc-400" aria-hidden />
            {TABS[view].empty}
          </Card>
        ) : (
          messages.map((message) => <SupportCard key={message.id} message={message} />)
        )}
      </div>
      {pageCount > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm">
          <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            <ChevronLeft /> Previous
          </Button>
          <span className="text-zinc-600">
            Page {page} of {pageCount}
          </span>
          <Button
            variant="ghost"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => go({ page: page + 1 })}
          >
            Next <ChevronRight />
          </Button>
        </nav>
      )}
    </div>
  );
}

function SupportCard({ message }: { message: SupportMessage }) {
  const { setHandled, reply } = useSupportActions();
  const [isReplying, setIsReplying] = useState(false);
  const [text, setText] = useState('');
  const priority = PRIORITY[message.priority];
  const send = () =>
    reply.mutate(
      { messageId: message.id, message: text },
      {
        onSuccess: () => {
          toast.success(`Reply sent to ${message.email}`);
          setIsReplying(false);
          setText('');
        },
      },
    );
  return (
    <Card className={cn('grid gap-3 p-4 sm:p-5', message.priority === 'burn' && 'border-brand-600')}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {priority && (
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold',
              priority.className,
            )}
          >
            <Star className="size-3" aria-hidden /> {priority.label}
          </span>
        )}
        <strong className="min-w-0 truncate">{message.name}</strong>
        <a href={`mailto:${message.email}`} className="min-w-0 truncate text-sm text-zinc-600 underline">
          {message.email}
        </a>
        <span className="ml-auto text-xs text-zinc-500">{formatRelative(message.createdAt)}</span>
      </div>
      <p className="text-sm whitespace-pre-wrap text-zinc-800">{message.message}</p>
      {message.handledAt && (
        <p className="text-xs text-zinc-500">
          Handled {formatRelative(message.handledAt).toLowerCase()} by{' '}
          {message.handledByName ?? 'a former teammate'}
        </p>
      )}
      {isReplying && (
        <div className="grid gap-2">
          {reply.error && <ErrorAlert>{reply.error.message}</ErrorAlert>}
          <Textarea
            aria-label={`Reply to ${message.name}`}
            rows={4}
            maxLength={5000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={`Hi ${message.name}, …`}
          />
          <p className="text-xs text-zinc-500">
            Sent by e-mail; their answer comes back to the contact address.
          </p>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {isReplying ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setIsReplying(false)}>
              Cancel
            </Button>
            <Button size="sm" disabled={!text.trim() || reply.isPending} onClick={send}>
              <Reply /> Send reply
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" size="sm" onClick={() => setIsReplying(true)}>
              <Reply /> Reply
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={setHandled.isPending}
              onClick={() => setHandled.mutate({ messageId: message.id, handled: !message.handledAt })}
            >
              {message.handledAt ? (
                <>
                  <RotateCcw /> Open again
                </>
              ) : (
                <>
                  <CheckCircle2 /> Mark handled
                </>
              )}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
