import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/ui/card';
import { memberCoachQuery } from './api';

/** A coach's photo, or their initial in a circle. */
export function CoachAvatar({
  name,
  url,
  className = 'size-8',
}: {
  name: string;
  url: string | null;
  className?: string;
}) {
  return url ? (
    <img src={url} alt="" className={`${className} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden
      className={`${className} grid shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-700`}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** The member's coach on their 1-on-1 page: who answers them. Nothing until one is assigned. */
export function CoachCard() {
  const coach = useQuery(memberCoachQuery()).data?.coach;
  if (!coach) return null;
  return (
    <Card className="flex items-start gap-4 p-4" aria-label="Your coach">
      <CoachAvatar name={coach.name} url={coach.photoUrl} className="size-16" />
      <div className="grid min-w-0 gap-1">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Your coach</p>
        <h2 className="text-lg font-bold">{coach.name}</h2>
        {coach.bio && <p className="text-sm whitespace-pre-line text-zinc-700">{coach.bio}</p>}
      </div>
    </Card>
  );
}
