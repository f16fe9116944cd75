import { createHash, randomBytes } from 'node:crypto';
import { localDatePlusDays } from '@core28/core/local-day';
import { CORE28_SLUG } from '@core28/core/rounds';
import { prescriptionSummary } from '@core28/core/session-plan';
import { eq, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { exercises, memberProgramDays, profiles, programExercises } from '../../platform/db/schema.ts';
import { getProgramDay, listMemberProgramDays } from '../program/service.ts';
import { planRequiredError } from '../subscriptions/entitlements.ts';
import { getMemberEntitlements, type StateDeps } from '../subscriptions/service.ts';

// The member's 28 days in their calendar app, as a private feed (RFC 5545). The link is
// a bearer secret: whoever has it reads the feed, so a reset replaces it and the old one is gone.

type Member = { userId: string };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
const newToken = () => randomBytes(24).toString('base64url');

/**
 * The feed's part of its events' UIDs. A calendar app matches events by UID, so it must stay the
 * same from one read to the next; it must not name the account either, since a feed is a file
 * that gets shared. A hash of the token: it reveals neither the token (192 random bits) nor who
 * the member is, needs no server secret that could change, and a reset, which makes a new feed,
 * gives it new events that nothing ties to the old link's.
 */
const feedUidOf = (token: string) =>
  createHash('sha256').update(`core28-calendar-uid:${token}`).digest('base64url').slice(0, 22);

function links(publicUrl: string, token: string | null) {
  if (!token) return { url: null, webcalUrl: null };
  const url = `${publicUrl}/api/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

export async function getCalendarLink(deps: Pick<Deps, 'db' | 'config'>, { userId }: Member) {
  const [profile] = await deps.db
    .select({ token: profiles.calendarToken })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!profile) throw new AppError('NOT_FOUND', 'Profile not found');
  return links(deps.config.publicUrl, profile.token);
}

/** Makes the member's feed link, or a new one in place of the old (which stops working). */
export async function resetCalendarLink(deps: Pick<Deps, 'db' | 'config' | 'now'>, { userId }: Member) {
  const token = newToken();
  await deps.db
    .update(profiles)
    .set({ calendarToken: token, updatedAt: deps.now() })
    .where(eq(profiles.userId, userId));
  return links(deps.config.publicUrl, token);
}

/** How often a calendar app should read the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 12 * 60 * 60;

/**
 * The feed: one all-day event per program day, on the member's local dates, each linking its
 * session; and when what it shows last changed (each event's DTSTAMP, the answer's Last-Modified).
 */
export async function calendarFeed(deps: StateDeps, { token }: { token: string }) {
  const [profile] = TOKEN_PATTERN.test(token)
    ? await deps.db
        .select({
          userId: profiles.userId,
          registrationDate: profiles.registrationDate,
          timeZone: profiles.timeZone,
          updatedAt: profiles.updatedAt,
        })
        .from(profiles)
        .where(eq(profiles.calendarToken, token))
    : [];
  if (!profile) throw new AppError('NOT_FOUND', 'No such calendar');
  // The feed is part of the plan (docs/decisions/0021): asked each time a calendar app reads it.
  const entitlements = await getMemberEntitlements(deps, { userId: profile.userId });
  if (!entitlements.reminders) throw planRequiredError(entitlements, 'reminders');
  const [days, { round }] = await Promise.all([
    listMemberProgramDays(deps.db, { userId: profile.userId }),
    getProgramDay(deps, { userId: profile.userId }),
  ]);
  const changed = await lastChangeOf(deps, profile);
  const calendar = ical({
    name: round.slug === CORE28_SLUG ? 'Core28: your 28 days' : `Core28: ${round.name}, ${round.days} days`,
    prodId: { company: 'Core28', product: 'program' },
    ttl: REFRESH_SECONDS,
  });
  // All-day dates are floating (RFC 5545 DATE): the member's local dates, named here for clients.
  if (profile.timeZone) calendar.x([['X-WR-TIMEZONE', profile.timeZone]]);
  const dateOf = (day: number, plus = 0) =>
    new Date(`${localDatePlusDays(round.startedAt, day - 1 + plus, profile.timeZone)}T00:00:00Z`);
  const feedUid = feedUidOf(token);
  // RFC 5545 asks a UID to be globally unique, and suggests a domain on its right for that.
  const domain = new URL(deps.config.publicUrl).hostname;
  for (const { day, items } of days.filter((d) => d.day <= round.days)) {
    const url = `${deps.config.publicUrl}/program/day/${day}/session`;
    // Each round's days are events of their own: a new round's day 1 is not round 1's.
    const roundPart = round.number === 1 ? '' : `round-${round.number}-`;
    calendar.createEvent({
      id: `core28-${feedUid}-${roundPart}day-${day}@${domain}`,
      stamp: changed,
      start: dateOf(day),
      end: dateOf(day, 1),
      allDay: true,
      summary: `${round.name} day ${day}: ${items.map((item) => item.exercise.name).join(' + ')}`,
      description: `${items
        .map(({ exercise, prescription }) => `${exercise.name}: ${prescriptionSummary(prescription)}.`)
        .join('\n')}\nStart the session: ${url}`,
      url,
    });
  }
  // Every content line ends with CRLF (RFC 5545 §3.1), the last one too.
  const body = calendar.toString();
  return { body: body.endsWith('\r\n') ? body : `${body}\r\n`, lastModified: changed };
}

/**
 * The newest change among what the events show: the member's profile (registration date, time
 * zone), the standard days, their own days and the exercises. To the second, as HTTP dates are.
 */
async function lastChangeOf(deps: Pick<Deps, 'db'>, profile: { userId: string; updatedAt: Date }) {
  const [row] = await deps.db
    .select({
      at: sql`greatest(
        ${profiles.updatedAt},
        (select max(${programExercises.updatedAt}) from ${programExercises}),
        (select max(r.updated_at) from rounds r where r.user_id = ${profile.userId}
          and (r.number > 1 or r.started_at <> ${profiles.registrationDate})),
        (select max(${memberProgramDays.updatedAt}) from ${memberProgramDays}
          where ${memberProgramDays.userId} = ${profile.userId}),
        (select max(${exercises.updatedAt}) from ${exercises})
      )`.mapWith(profiles.updatedAt),
    })
    .from(profiles)
    .where(eq(profiles.userId, profile.userId));
  const newest = (row?.at ?? profile.updatedAt).getTime();
  return new Date(Math.floor(newest / 1000) * 1000);
}
