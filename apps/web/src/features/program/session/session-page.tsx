import { MAX_PROGRAM_DAYS } from '@core28/core/rounds';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { isReachable } from '@/lib/use-online';
import { useViewer } from '@/lib/viewer';
import { sessionQuery } from '../api';
import { ProgramPaywall } from '../program-paywall';
import { Player } from './player';
import { sessionStorageKey } from './session-storage';

/** /program/day/{n}/session: the guided workout of day n. */
export default function SessionPage() {
  const param = useParams().day;
  const day = Number(param);
  const isDay = Number.isInteger(day) && day >= 1 && day <= MAX_PROGRAM_DAYS;
  const { user } = useViewer();
  const session = useQuery({ ...sessionQuery(day), enabled: isDay });

  if (!isDay) return <Message text={`There is no day ${param} in your program.`} />;
  if (session.isPending)
    return (
      <main className="theme-fixed grid min-h-dvh place-items-center bg-zinc-950">
        <Spinner className="size-10 text-white" label="Loading your workout" />
      </main>
    );
  if (session.isError) {
    const error = session.error;
    // The plan does not open this day (docs/decisions/0021): the paywall, where the session was.
    if (error instanceof ApiError && error.code === 'PLAN_REQUIRED')
      return (
        <main
          id="main"
          className="theme-fixed grid min-h-dvh place-items-center bg-zinc-950 p-4 text-white sm:p-6"
        >
          <div className="grid w-full max-w-xl gap-4">
            <ProgramPaywall capability="train" returnTo={`/program/day/${day}/session`} tone="dark" />
            <Link
              to="/program"
              className="justify-self-center py-2 text-sm font-semibold text-zinc-300 underline"
            >
              Back to your program
            </Link>
          </div>
        </main>
      );
    // A day not begun (the server's 400 'Day n has not started yet') says so; others can retry.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      return <Message text={error.message} />;
    // Offline with nothing kept of this day (a phone's first visit was elsewhere): say so.
    if (error instanceof ApiError && error.code === 'NETWORK' && !isReachable())
      return (
        <Message
          text="You're offline, and this workout was not saved on this phone yet. It opens as soon as you're back online."
          onRetry={() => session.refetch()}
        />
      );
    return <Message text="Failed to load your workout." onRetry={() => session.refetch()} />;
  }
  if (!user) return null; // the guard lets members only
  const round = session.data.round.number;
  return (
    <Player key={`${round}-${day}`} data={session.data} storageKey={sessionStorageKey(user.id, day, round)} />
  );
}

/** The session's own dark page, for a message instead of the player. */
function Message({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const back = (
    <Link to="/program" className="rounded-full bg-brand-600 px-5 py-3 font-semibold">
      Back to your program
    </Link>
  );
  return (
    <main
      id="main"
      className="theme-fixed grid min-h-dvh place-items-center bg-zinc-950 p-6 text-center text-white"
    >
      {onRetry ? (
        <LoadError tone="dark" message={text} onRetry={onRetry}>
          {back}
        </LoadError>
      ) : (
        <div className="grid justify-items-center gap-4">
          <p role="alert" className="text-xl font-bold">
            {text}
          </p>
          <div className="flex gap-3">{back}</div>
        </div>
      )}
    </main>
  );
}
