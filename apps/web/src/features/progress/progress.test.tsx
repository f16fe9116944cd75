import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type ProgramState, programQuery } from '../program/api';
import ProgressPage, { loggedNote } from './progress-page';

// A member on Day 3 who completed two days, logged their time and reps on both and rated
// today: feeling 4 (Good), energy 2 (Tired).
const STATE = {
  currentDay: 3,
  completions: [{ day: 1 }, { day: 2 }],
  stats: { totalWorkouts: 2, currentStreak: 2, progressPercentage: 7 },
  achievements: [{ week: 1, coreWarrior: false, perfectWeek: false, consistencyKing: false }],
  results: [
    { day: 2, totalSeconds: 17 * 60, reps: 52 },
    { day: 1, totalSeconds: 14 * 60 + 30, reps: 40 },
  ],
  wellness: [
    { day: 1, feeling: 1, energy: 5 },
    { day: 3, feeling: 4, energy: 2 },
  ],
  round: { startedAt: '2026-12-05T00:00:00.000Z', dayNumber: 3 },
  timeZone: null,
} as unknown as ProgramState;

function render(state: ProgramState) {
  const client = new QueryClient();
  client.setQueryData(programQuery().queryKey, state);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProgressPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

describe('the progress page', () => {
  it("keeps the spec's estimated minutes and shows the time logged beside it", () => {
    const { text } = render(STATE);
    expect(text).toContain('Estimated minutes 38 32 min logged over 2 days');
    expect(loggedNote([])).toBe('No time logged yet');
    expect(loggedNote([{ totalSeconds: 90 }])).toBe('2 min logged over 1 day');
  });

  it('reads feeling and energy as words, never "1 / 5" or "0%"', () => {
    const { html, text } = render(STATE);
    expect(text).toContain('How do you feel today? Good');
    expect(text).toContain('Energy level Tired');
    expect(html).toContain('aria-valuetext="Good"');
    expect(text).toContain('Day 1 Awful · Full of energy');
    expect(text).toContain('Day 3 Good · Tired');
    expect(text).not.toMatch(/\d ?\/ ?5|\d+%\s*·|Energy \d+%/);
  });

  it('charts time and reps on two scales, each titled', () => {
    const { html, text } = render(STATE);
    // The axis titles drawn over each scale, and the legend saying which scale is whose.
    expect(html).toMatch(/<text[^>]*text-anchor="start"[^>]*>Minutes<\/text>/);
    expect(html).toMatch(/<text[^>]*text-anchor="end"[^>]*>Reps<\/text>/);
    expect(text).toContain('Time (min) (left scale)');
    expect(text).toContain('Reps (right scale)');
    // The readers' table, day by day in order: 14.5 minutes and 40 reps on Day 1.
    expect(text).toMatch(/Day 1 14\.5 40 Day 2 17 52/);
  });
});
