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
};

/** The topics of the member's page and of the coach's inbox, with their unread counts. */
export function TopicList({
  topics,
  selectedId,
  onSelect,
}: {
  topics: TopicRow[];
  selectedId: string | null;
  onSelect: (id: string) => void;
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
            <span className="text-xs text-zinc-600">{formatRelative(topic.lastMessageAt)}</span>
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
