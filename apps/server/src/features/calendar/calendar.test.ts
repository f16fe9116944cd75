import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

// Issue 20: the private calendar feed, parsed by ical.js as a calendar app would read it.

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

    const reset = await json(await t.request('/api/calendar/link', { method: 'POST', cookie: m.cookie }));
    expect(reset.url).not.toBe(link.url);
    expect((await t.request(path)).status).toBe(404);
    expect((await t.request(new URL(reset.url).pathname)).status).toBe(200);
    expect((await t.request('/api/calendar/not-a-token.ics')).status).toBe(404);
    expect((await t.request('/api/calendar/link')).status).toBe(401);
  });
});
