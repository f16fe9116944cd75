import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { useViewer } from '@/lib/viewer';
import { memberTopicsQuery } from '../coaching/api';
import { LatestReplyCard } from '../coaching/latest-reply-card';
import { programQuery } from '../program/api';
import { ThisWeekCard } from '../program/this-week-card';
import { TodayArea } from '../program/today-area';
import { ClosingCta, FeatureCards, LatestArticles } from './home-sections';

export type MemberBlock = 'today' | 'week' | 'coach' | 'hero' | 'features' | 'articles' | 'closing';

/**
 * The signed-in home's order (docs/decisions/0029): today's session (or the round's end) first, then
 * this week, the coach's latest reply on 1-on-1 Burn; spec §2's hero, feature cards, articles and
 * closing call last and compact. A finished round has no week to show: its end stands alone.
 */
export function memberHomeBlocks({
  isRoundFinished,
  hasCoaching,
}: {
  isRoundFinished: boolean;
  hasCoaching: boolean;
}) {
  const blocks: MemberBlock[] = ['today'];
  if (!isRoundFinished) blocks.push('week');
  if (hasCoaching) blocks.push('coach');
  blocks.push('hero', 'features', 'articles', 'closing');
  return blocks;
}

export default function MemberHome() {
  const { profile, subscription } = useViewer();
  const program = useQuery(programQuery());
  const state = program.data;
  const hasCoaching =
    Boolean(subscription?.entitlements.coaching) && subscription?.entitlements.standing !== 'admin';
  const topics = useQuery({ ...memberTopicsQuery(), enabled: hasCoaching });
  // The page appears whole once what decides its blocks has arrived: cards growing from skeletons
  // one by one pushed everything below them down (a layout shift of 0.14 on a phone). A failed
  // read shows the page anyway, each card with its own state.
  const isSettled = (program.data || program.isError) && (!hasCoaching || topics.data || topics.isError);
  if (!isSettled) return <div className="min-h-[32rem]" aria-busy="true" />;
  return (
    <MemberHomeView
      firstName={profile?.firstName ?? null}
      blocks={memberHomeBlocks({
        isRoundFinished: state?.round.status === 'finished',
        hasCoaching,
      })}
      parts={{
        today: <TodayArea />,
        week: state ? (
          <ThisWeekCard state={state} />
        ) : (
          <div className="h-52 animate-pulse rounded-2xl bg-zinc-100" />
        ),
        coach: <LatestReplyCard />,
      }}
    />
  );
}

/** The member's home from its parts, in the order `blocks` gives. */
export function MemberHomeView({
  firstName,
  blocks,
  parts,
}: {
  firstName: string | null;
  blocks: MemberBlock[];
  parts: { today: ReactNode; week: ReactNode; coach: ReactNode };
}) {
  const top = blocks.filter((b): b is 'today' | 'week' | 'coach' => b in parts);
  const rest = blocks.filter((b) => !(b in parts));
  const isLaterShown = useAfterFirstPaint();
  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-4 px-4 pt-4 pb-6 sm:px-6 md:pt-8">
        <h1 className="text-2xl font-extrabold tracking-tight">
          {firstName ? `Hi, ${firstName}` : 'Your training'}
        </h1>
        {top.map((block) => (
          <div key={block} data-home-block={block}>
            {parts[block]}
          </div>
        ))}
      </div>
      {isLaterShown &&
        rest.map((block) => (
          <div key={block} data-home-block={block}>
            {MARKETING[block as keyof typeof MARKETING]}
          </div>
        ))}
    </>
  );
}

const MARKETING = {
  hero: <CompactHero />,
  features: <FeatureCards isCompact />,
  articles: <LatestArticles isCompact />,
  closing: <ClosingCta isSignedIn isCompact />,
};

/** spec §2's hero for a signed-in member: its words and both buttons, in a card. */
function CompactHero() {
  return (
    <section className="mx-auto max-w-7xl px-4 sm:px-6">
      <div className="theme-fixed grid gap-3 rounded-2xl bg-zinc-950 p-5 text-white sm:p-6">
        <p className="text-xs font-semibold tracking-widest text-brand-500 uppercase">
          The 28-day core program
        </p>
        <h2 className="text-xl font-extrabold tracking-tight sm:text-2xl">A stronger core in 28 days.</h2>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/program">Continue Program</Link>
          </Button>
          <Button asChild size="lg" variant="inverse">
            <Link to="/exercises">View Exercises</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
