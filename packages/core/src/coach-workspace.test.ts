import { describe, expect, it } from 'vitest';
import { isWellnessFalling, memberStatus } from './admin.ts';
import { ATTACHMENT_ERRORS, fillSavedReply } from './coaching.ts';
import { missedInARow } from './program.ts';

// The rules behind the coach's workspace.

describe('missedInARow', () => {
  it('counts the days before today back to the last completed one', () => {
    expect(missedInARow([1, 2, 3, 4], 8)).toBe(3);
    expect(missedInARow([1, 2, 3, 4, 7], 8)).toBe(0);
    expect(missedInARow([], 1)).toBe(0); // day 1: nothing missed yet
    expect(missedInARow([], 4)).toBe(3);
    expect(missedInARow([5], 5)).toBe(4); // today's completion does not hide the days before it
  });
});

describe('isWellnessFalling', () => {
  const w = (day: number, feeling: number, energy: number) => ({ day, feeling, energy });
  it('is true when feeling or energy fell two points over the last three logged days', () => {
    expect(isWellnessFalling([w(2, 5, 4), w(3, 4, 4), w(4, 3, 3)])).toBe(true);
    expect(isWellnessFalling([w(2, 4, 5), w(5, 4, 4), w(9, 4, 3)])).toBe(true);
    expect(isWellnessFalling([w(9, 4, 3), w(2, 4, 5), w(5, 4, 4)])).toBe(true); // by day, not by order given
  });
  it('is false for a fall of one point, a rise, or fewer than three logged days', () => {
    expect(isWellnessFalling([w(2, 5, 5), w(3, 4, 4), w(4, 4, 4)])).toBe(false);
    expect(isWellnessFalling([w(1, 1, 1), w(2, 5, 5), w(3, 2, 5)])).toBe(false); // looks at the last three only: 1→2
    expect(isWellnessFalling([w(1, 5, 5), w(2, 1, 1)])).toBe(false);
    expect(isWellnessFalling([w(1, 5, 5), w(2, 4, 4), w(3, 4, 4), w(4, 4, 4)])).toBe(false);
  });
});

describe('fillSavedReply', () => {
  it('fills {firstName} and {day}, leaves other braces alone', () => {
    expect(fillSavedReply('Hi {firstName}, day {day} awaits. {other}', { firstName: 'Ana', day: 12 })).toBe(
      'Hi Ana, day 12 awaits. {other}',
    );
    expect(fillSavedReply('Hi {firstName}', { firstName: '', day: 1 })).toBe('Hi there');
  });
});

describe('attachment errors', () => {
  it('say the limit in words', () => {
    expect(ATTACHMENT_ERRORS.tooLarge(25 * 1024 * 1024)).toBe('The file is too large (at most 25 MB).');
    expect(ATTACHMENT_ERRORS.tooLarge(4096)).toBe('The file is too large (at most 4 KB).');
  });
});

describe('memberStatus', () => {
  const base = {
    subscribed: true,
    isTrial: false,
    cancelAtPeriodEnd: false,
    scheduledPlanId: null,
    subscriptionEnd: '2026-08-01T00:00:00Z',
  };
  it('tells a trial, an active plan, a cancelling one and a scheduled downgrade apart', () => {
    expect(memberStatus(base)).toBe('active');
    expect(memberStatus({ ...base, isTrial: true })).toBe('trial');
    expect(memberStatus({ ...base, cancelAtPeriodEnd: true })).toBe('cancelling');
    expect(memberStatus({ ...base, scheduledPlanId: 'daily-core-monthly' })).toBe('downgrading');
    // cancelling wins: the scheduled plan never starts
    expect(memberStatus({ ...base, cancelAtPeriodEnd: true, scheduledPlanId: 'daily-core-monthly' })).toBe(
      'cancelling',
    );
  });
  it('is ended for a former subscriber and none for someone who never subscribed', () => {
    expect(memberStatus({ ...base, subscribed: false })).toBe('ended');
    expect(memberStatus({ ...base, subscribed: false, subscriptionEnd: null })).toBe('none');
    const never = { subscribed: null, isTrial: null, cancelAtPeriodEnd: null, scheduledPlanId: null };
    expect(memberStatus({ ...never, subscriptionEnd: null })).toBe('none');
  });
});
