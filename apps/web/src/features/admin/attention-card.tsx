import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import type { AttentionItem } from './api';

// Who needs the coach: a conversation waiting past the reply target, 1-on-1 Burn members who
// missed two days in a row, trials ending within three days; only the viewer's own members.

const waitedHours = (since: string) =>
  Math.max(1, Math.floor((Date.now() - new Date(since).getTime()) / 3_600_000));

function reasonOf(m: AttentionItem) {
  if (m.awaitingSince) return `Waiting ${waitedHours(m.awaitingSince)} h for a reply`;
  if (m.trialEnd) return `Trial ends ${formatDate(m.trialEnd, 'weekdayMonthDay')}`;
  return `Missed ${m.missedInARow} days in a row · day ${m.currentDay}${m.round ? ` · ${m.round.program.name} round ${m.round.number}` : ''}`;
}

export function AttentionCard({ members }: { members: AttentionItem[] | undefined }) {
  return (
    <Card className="overflow-hidden">
      <h2 className="flex items-center gap-2 border-b border-zinc-100 px-5 py-4 font-bold">
        <AlertTriangle className="size-4 text-amber-600" aria-hidden /> Needs attention
      </h2>
      {members && members.length === 0 && (
        <p className="px-5 py-6 text-sm text-zinc-500">Everyone is on track.</p>
      )}
      <ul className="divide-y divide-zinc-100">
        {(members ?? []).map((m) => (
          <li key={`${m.userId}-${m.topicId ?? ''}`}>
            <Link
              to={m.topicId ? `/admin/chat/${m.userId}/${m.topicId}` : `/admin/users/${m.userId}`}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5 px-5 py-3 text-sm hover:bg-zinc-50"
            >
              <span className="min-w-0 truncate font-semibold">{m.name}</span>
              <span className="text-amber-800">{reasonOf(m)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
