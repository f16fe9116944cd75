import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exercises, profiles } from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

// Issue 20: the private calendar feed, parsed by ical.js as a calendar app would read it.

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

  it("follows the member's own plan (issue 22): an adjusted day names the coach's exercise, another member's does not", async () => {
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
});
