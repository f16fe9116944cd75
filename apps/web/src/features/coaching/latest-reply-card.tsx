import { useQuery } from '@tanstack/react-query';
import { ArrowRight, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { formatRelative } from '@/lib/relative-time';
import { memberTopicsQuery } from './api';
import { type LatestReply, latestReplyOf } from './latest-reply';

/** The coach's latest reply on a 1-on-1 Burn member's home; nothing until the coach has replied. */
export function LatestReplyCard() {
  const topics = useQuery(memberTopicsQuery());
  const reply = latestReplyOf(topics.data?.topics ?? []);
  return reply ? <LatestReplyView reply={reply} /> : null;
}

export function LatestReplyView({ reply, now }: { reply: LatestReply; now?: number }) {
  const text = reply.message.trim() || (reply.hasAttachment ? 'Sent you a photo or video.' : '');
  return (
    <section
      aria-labelledby="coach-reply-heading"
      className="grid gap-2 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="coach-reply-heading" className="flex items-center gap-2 text-lg font-bold">
          <MessageCircle className="size-5 text-brand-600" aria-hidden />
          {reply.isRead ? "Your coach's latest reply" : 'Your coach replied'}
        </h2>
        <span className="text-xs text-zinc-600">
          {!reply.isRead && (
            <span className="mr-2 rounded-full bg-brand-600 px-2 py-0.5 font-semibold text-white">New</span>
          )}
          {formatRelative(reply.at, now)}
        </span>
      </div>
      <p className="text-sm font-semibold text-zinc-700">{reply.topicTitle}</p>
      <p className="line-clamp-3 text-sm text-zinc-800">{text}</p>
      <Link
        to={`/one-on-one?topic=${reply.topicId}`}
        className="flex min-h-11 w-fit items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        Open the conversation <ArrowRight className="size-4" aria-hidden />
      </Link>
    </section>
  );
}
