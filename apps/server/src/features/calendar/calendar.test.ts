import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exercises, profiles, programExercises as programDays } from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

// The private calendar feed, parsed by ical.js as a calendar app would read it.

/** The feed's events of a member, as a calendar app reads them (a fresh link). */
async function feedEvents(m: { cookie: string }) {
  const link = await json(await t.request('/api/calendar/link', { method: 'POST', cookie: m.cookie }));
  const res = await t.request(new URL(link.url).pathname);
  expect(res.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  return calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-07-15T12:00:00Z') });
});
afterAll(() => t.close());

describe('calendar feed', () => {
  it("has one all-day event per program day on the member's local dates, and a reset ends the old link", async () => {
    const m = await createMember(t);
    // 20:00 on 1 July in Honolulu is already 2 July by UTC: the feed starts on the member's date.
    await t.db
      .update(profiles)
      .set({ registrationDate: new Date('2026-07-02T06:00:00Z'), timeZone: 'Pacific/Honolulu' })
      .where(eq(profiles.userId, m.userId));
    expect(await json(await t.request('/api/calendar/link', { cookie: m.cookie }))).toEqual({
      url: null,
      webcalUrl: null,
    });
    const link = await json(await t.request('/api/calendar/link', { method: 'POST', cookie: m.cookie }));
    expect(link.webcalUrl).toBe(link.url.replace('http:', 'webcal:'));
    const path = new URL(link.url).pathname;

    const res = await t.request(path); // no cookie: calendar apps have none
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events).toHaveLength(28);
    const [first, second] = events;
    expect(first?.startDate.isDate).toBe(true);
    expect(first?.startDate.toString()).toBe('2026-07-01');
    expect(first?.endDate.toString()).toBe('2026-07-02');
    expect(second?.startDate.toString()).toBe('2026-07-02');
    expect(events[27]?.startDate.toString()).toBe('2026-07-28');
    expect(first?.summary).toMatch(/^Core28 day 1: /);
    expect(first?.description).toContain(`${t.config.publicUrl}/program/day/1/session`);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Pacific/Honolulu');
    expect(new Set(events.map((e) => e.uid)).size).toBe(28);
    // The UIDs name no account: a feed that gets shared does not carry the member's id.
    for (const e of events) expect(e.uid).not.toContain(m.userId);
    const uidsOf = async (feedPath: string) =>
      new ICAL.Component(ICAL.parse(await (await t.request(feedPath)).text()))
        .getAllSubcomponents('vevent')
        .map((e) => new ICAL.Event(e).uid);
    expect(await uidsOf(path)).toEqual(events.map((e) => e.uid)); // stable: the app updates, not duplicates

    const reset = await json(await t.request('/api/calendar/link', { method: 'POST', cookie: m.cookie }));
    // A new link is a new feed: nothing ties its events to the old one's.
    const resetUids = await uidsOf(new URL(reset.url).pathname);
    expect(resetUids.filter((uid) => events.some((e) => e.uid === uid))).toEqual([]);
    expect(reset.url).not.toBe(link.url);
    expect((await t.request(path)).status).toBe(404);
    expect((await t.request(new URL(reset.url).pathname)).status).toBe(200);
    expect((await t.request('/api/calendar/not-a-token.ics')).status).toBe(404);
    // the feed's own address only: not another extension, not a deeper path
    const feedPath = new URL(reset.url).pathname;
    for (const other of [
      `${feedPath.slice(0, -'.ics'.length)}.txt`,
      `${feedPath}/x`,
      `/api/calendar/a/b.ics`,
    ]) {
      const res = await t.request(other);
      expect(res.status, other).toBe(404);
      expect(await res.json(), other).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API route' } });
    }
    expect((await t.request('/api/calendar/link')).status).toBe(401);
  });

  it("follows the member's own plan: an adjusted day names the coach's exercise, another member's does not", async () => {
    const admin = await signInAdmin(t);
    const onDay3 = async () => {
      const m = await createMember(t);
      await givePaidTier(t, m, '1-on-1 Burn');
      await t.db
        .update(profiles)
        .set({ registrationDate: new Date('2026-07-13T12:00:00Z'), timeZone: 'UTC' })
        .where(eq(profiles.userId, m.userId));
      return m;
    };
    const member = await onDay3();
    const other = await onDay3();
    const standard = (await feedEvents(other))[11]?.summary;
    // A timed exercise that is not day 12's own, so the change shows in the summary.
    const timed = await t.db
      .select({ id: exercises.id, name: exercises.name })
      .from(exercises)
      .where(eq(exercises.category, 'time'));
    const plank = timed.find((e) => standard !== `Core28 day 12: ${e.name}`);
    const adjusted = await t.request(`/api/admin/member-plans/${member.userId}/days/12`, {
      method: 'PUT',
      cookie: admin,
      json: { exerciseId: plank!.id, sets: 3, workSeconds: 40, restSeconds: 30 },
    });
    expect(adjusted.status).toBe(200);

    const events = await feedEvents(member);
    expect(events[11]?.summary).toBe(`Core28 day 12: ${plank!.name}`);
    expect(events[11]?.description).toContain(`${plank!.name}: 3 sets × 40 s, 30 s rest`);
    expect(events[12]?.summary).toBe((await feedEvents(other))[12]?.summary);
    expect((await feedEvents(other))[11]?.summary).toBe(standard);
  });

  it("answers a calendar app's polling as RFC 5545 and HTTP ask: CRLF lines, a refresh interval, UIDs with a domain, 304s", async () => {
    const m = await createMember(t);
    const link = await json(await t.request('/api/calendar/link', { method: 'POST', cookie: m.cookie }));
    // What the feed shows was last changed on 1 July (the seed ran when the test did; making the
    // link today is a change of its own, a new feed).
    const july1 = new Date('2026-07-01T08:30:00Z');
    for (const table of [profiles, programDays, exercises])
      await t.db.update(table).set({ updatedAt: july1 });
    const path = new URL(link.url).pathname;
    const res = await t.request(path);
    const text = await res.text();
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT12H\r\n');
    expect(text).toContain('X-PUBLISHED-TTL:PT12H\r\n');
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    const host = new URL(t.config.publicUrl).hostname;
    for (const e of events)
      expect(e.getFirstPropertyValue('uid')).toMatch(new RegExp(`^core28-[\\w-]+-day-\\d+@${host}$`));

    const etag = res.headers.get('etag')!;
    const lastModified = res.headers.get('last-modified')!;
    expect(lastModified).toBe(july1.toUTCString());
    expect(etag).toMatch(/^"[\w-]+"$/);
    // DTSTAMP is when what the feed shows last changed, the answer's Last-Modified.
    const stamps = new Set(
      events.map((e) => (e.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().getTime()),
    );
    expect([...stamps]).toEqual([Date.parse(lastModified)]);

    const again = (headers: Record<string, string>) => t.request(path, { headers });
    const unchanged = await again({ 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect((await again({ 'if-none-match': `W/${etag}, "other"` })).status).toBe(304);
    expect((await again({ 'if-modified-since': lastModified })).status).toBe(304);
    const before = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await again({ 'if-modified-since': before })).status).toBe(200);
    // If-None-Match decides when both are sent.
    expect((await again({ 'if-none-match': '"other"', 'if-modified-since': lastModified })).status).toBe(200);

    // An admin renames day 1's exercise today: the feed changes, and says when.
    {
      const admin = await signInAdmin(t);
      const [day1] = await t.db
        .select({ id: exercises.id, category: exercises.category })
        .from(exercises)
        .where(
          eq(
            exercises.name,
            events[0]!
              .getFirstPropertyValue('summary')!
              .toString()
              .replace(/^Core28 day 1: /, ''),
          ),
        );
      const renamed = await t.request(`/api/admin/exercises/${day1!.id}`, {
        method: 'PUT',
        cookie: admin,
        json: { name: 'Renamed For The Feed', category: day1!.category },
      });
      expect(renamed.status).toBe(200);
      const changed = await again({ 'if-none-match': etag, 'if-modified-since': lastModified });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(changed.headers.get('last-modified')).toBe(t.deps.now().toUTCString());
      expect(await changed.text()).toContain('Core28 day 1: Renamed For The Feed');
      expect((await again({ 'if-modified-since': lastModified })).status).toBe(200);
    }
  });
});
