import { cn } from '@/lib/class-names';
import { formatRelative } from '@/lib/relative-time';

type TopicRow = {
  id: string;
  title: string;
  unreadCount: number;
  hasNewMessages: boolean;
  lastMessageAt: string | null;
  /** The coach's inbox names the member above the title. */
  userName?: string;
  /** The inbox: how long the member has waited for a reply (null: the coach spoke last). */
  waitingMs?: number | null;
  isOverdue?: boolean;
  coachName?: string | null;
};

/** A wait in words: "12 min", "3 h 20 min", "2 d 4 h". */
export function formatWaiting(ms: number) {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}

/** The topics of the member's page and of the coach's inbox, with their unread counts. */
export function TopicList({
  topics,
  selectedId,
  onSelect,
  showCoach = false,
}: {
  topics: TopicRow[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Staff who see every member: each row names the member's coach. */
  showCoach?: boolean;
}) {
  return (
    <ul className="divide-y divide-zinc-100">
      {topics.map((topic) => (
        <li key={topic.id}>
          <button
            type="button"
            onClick={() => onSelect(topic.id)}
            aria-current={topic.id === selectedId ? 'true' : undefined}
            className={cn(
              'grid w-full grid-cols-[minmax(0,1fr)] gap-0.5 px-4 py-3 text-left hover:bg-zinc-50',
              topic.id === selectedId && 'bg-brand-50 hover:bg-brand-50',
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span
                className={cn(
                  'min-w-0 truncate',
                  topic.userName
                    ? 'text-sm font-semibold'
                    : topic.hasNewMessages
                      ? 'font-bold'
                      : 'font-medium',
                )}
              >
                {topic.userName ?? topic.title}
              </span>
              <UnreadBadge count={topic.unreadCount} />
            </span>
            {topic.userName && (
              <span className={cn('truncate text-sm', topic.hasNewMessages && 'font-semibold')}>
                {topic.title}
              </span>
            )}
            <span className="flex flex-wrap items-center gap-x-1 text-xs text-zinc-600">
              {topic.waitingMs != null ? (
                <span className={cn(topic.isOverdue && 'font-semibold text-amber-800')}>
                  {topic.isOverdue ? 'Overdue · ' : ''}Waiting {formatWaiting(topic.waitingMs)}
                </span>
              ) : (
                <span>{formatRelative(topic.lastMessageAt)}</span>
              )}
              {showCoach && <span className="truncate">· Coach: {topic.coachName ?? 'none'}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="grid h-5 min-w-5 place-items-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
