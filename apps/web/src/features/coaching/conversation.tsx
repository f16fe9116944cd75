import type { ConnectionStatus, LiveMessage } from '@core28/core/realtime';
import { ArrowLeft, Paperclip, SendHorizontal, WifiOff } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/class-names';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useSendAttachment } from './api';
import { ATTACH_ACCEPT, MessageAttachment } from './attachment';
import { CoachAvatar } from './coach-card';

const formatTime = (iso: string) => formatDate(iso, 'dateTime');

/**
 * Sends the composer's attachment for either side: a toast says whether it went, and a failure
 * goes on to the composer.
 */
export function useAttachmentSender(topicId: string, side: 'member' | 'coach') {
  const attach = useSendAttachment(topicId, side);
  return (file: File, caption: string) =>
    attach.mutateAsync({ file, caption }).then(
      () => toast.success('Attachment sent'),
      (err) => {
        toast.error('The attachment was not sent', {
          description: err instanceof Error ? err.message : undefined,
        });
        throw err;
      },
    );
}

/** On a phone, where the conversation takes the screen, the way back to the topic list. */
export function BackToTopics({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label="Back to topics" onClick={onClick}>
      <ArrowLeft />
    </Button>
  );
}

/** The messages of one conversation, oldest first, scrolled to the newest. */
export function MessageList({
  messages,
  viewer,
  emptyText,
  memberName = 'Member',
}: {
  messages: LiveMessage[];
  viewer: 'member' | 'coach';
  emptyText: string;
  memberName?: string;
}) {
  const end = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    if (lastId) end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);
  return (
    <div
      role="log"
      aria-label="Messages"
      className="grid min-h-0 flex-1 content-start gap-3 overflow-y-auto p-4"
    >
      {messages.length === 0 && <p className="py-10 text-center text-sm text-zinc-500">{emptyText}</p>}
      {messages.map((m) => {
        const isOwn = viewer === 'coach' ? m.isCoachReply : !m.isCoachReply;
        return (
          <div key={m.id} className={cn('flex', isOwn ? 'justify-end' : 'justify-start')}>
            <div
              className={cn(
                'max-w-[85%] rounded-2xl px-4 py-2 text-sm shadow-sm sm:max-w-[70%]',
                isOwn
                  ? 'rounded-br-sm bg-brand-600 text-white'
                  : 'rounded-bl-sm border border-zinc-200 bg-white',
              )}
            >
              {m.isCoachReply && !isOwn ? (
                <p className="mb-1 flex items-center gap-2 text-xs font-semibold opacity-80">
                  <CoachAvatar
                    name={m.author?.name ?? 'Coach'}
                    url={m.author?.photoUrl ?? null}
                    className="size-6"
                  />
                  {m.author?.name ?? 'Coach'}
                </p>
              ) : (
                <p className="text-xs font-semibold opacity-80">
                  {m.isCoachReply ? (m.author?.name ?? 'Coach') : viewer === 'member' ? 'You' : memberName}
                </p>
              )}
              {m.message && <p className="whitespace-pre-wrap break-words">{m.message}</p>}
              {m.attachment && <MessageAttachment attachment={m.attachment} isOwn={isOwn} />}
              <p className={cn('mt-1 text-[11px]', isOwn ? 'text-white/80' : 'text-zinc-500')}>
                <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
              </p>
            </div>
          </div>
        );
      })}
      <div ref={end} />
    </div>
  );
}

/** The message box: Enter sends, Shift+Enter starts a new line; blank messages are not sent. */
export function Composer({
  label,
  placeholder,
  disabled,
  disabledText,
  onSend,
  onAttach,
  tools,
}: {
  label: string;
  placeholder: string;
  disabled?: boolean;
  disabledText?: string;
  /** Resolves when sent; the box is cleared then. A rejection keeps the text. */
  onSend: (text: string) => Promise<unknown>;
  /** Sends a photo or video with the box's text as its caption; same promise rules. */
  onAttach?: (file: File, caption: string) => Promise<unknown>;
  /** Controls above the box (the coach's saved replies), given a way to put text in it. */
  tools?: (insert: (text: string) => void) => ReactNode;
}) {
  const [text, setText] = useState('');
  const [isSending, setIsSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const attach = async (file: File | undefined) => {
    if (!file || !onAttach) return;
    setIsSending(true);
    try {
      await onAttach(file, text.trim());
      setText('');
    } catch {
      // the caller has shown why (the server says what it refused)
    } finally {
      setIsSending(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  const canSend = !disabled && !isSending && text.trim() !== '';

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    setIsSending(true);
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      // the caller has shown why; the text stays for another try
    } finally {
      setIsSending(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  if (disabled && disabledText)
    return <p className="border-t border-zinc-200 bg-zinc-50 p-4 text-sm text-zinc-600">{disabledText}</p>;
  return (
    <form onSubmit={send} className="grid gap-2 border-t border-zinc-200 bg-white p-3">
      {tools?.((inserted) =>
        setText((current) => (current.trim() ? `${current.trimEnd()}\n${inserted}` : inserted)),
      )}
      <div className="flex items-end gap-2">
        {onAttach && (
          <>
            <input
              ref={fileInput}
              type="file"
              accept={ATTACH_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-label="Photo or video to attach"
              onChange={(e) => void attach(e.target.files?.[0])}
            />
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label="Attach a photo or video"
              title="Attach a photo or video"
              disabled={isSending}
              onClick={() => fileInput.current?.click()}
            >
              <Paperclip />
            </Button>
          </>
        )}
        <Textarea
          aria-label={label}
          placeholder={placeholder}
          rows={2}
          maxLength={5000}
          className="max-h-40 min-h-11 flex-1 resize-none"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={!canSend} aria-label="Send">
          {isSending ? <Spinner className="size-4 text-white" label="Sending" /> : <SendHorizontal />}
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
    </form>
  );
}

/** A small notice while the live connection is away (spec §9 rejoin), or refused for good. */
export function LiveIndicator({ status }: { status: ConnectionStatus }) {
  if (status === 'too-many')
    return (
      <span
        role="status"
        className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-900"
      >
        <WifiOff className="size-3.5" aria-hidden /> Live updates are off: too many open windows. Close some
        and reload this page.
      </span>
    );
  if (status !== 'reconnecting') return null;
  return (
    <span
      role="status"
      className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-900"
    >
      <WifiOff className="size-3.5" aria-hidden /> Reconnecting…
    </span>
  );
}
