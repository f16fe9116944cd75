import { describe, expect, it } from 'vitest';
import {
  copyName,
  emptyDays,
  emptyDaysMessage,
  PROGRAM_NAME_MAX,
  ProgramDayItemsSchema,
  ProgramInputSchema,
  ProgramUpdateSchema,
} from './program-admin.ts';

describe('program-admin', () => {
  it('names the days a program still needs before it may be published', () => {
    expect(emptyDays(7, [1, 2, 3, 5, 7, 9])).toEqual([4, 6]);
    expect(emptyDaysMessage([4])).toBe('Day 4 has no exercise yet');
    expect(emptyDaysMessage([4, 6])).toBe('Days 4 and 6 have no exercise yet');
    expect(emptyDaysMessage([1, 2, 3])).toBe('Days 1, 2 and 3 have no exercise yet');
  });

  it('holds a copy’s name to the longest name allowed', () => {
    expect(copyName('Express')).toBe('Express (copy)');
    const long = copyName('x'.repeat(PROGRAM_NAME_MAX));
    expect(long).toHaveLength(PROGRAM_NAME_MAX);
    expect(ProgramInputSchema.safeParse({ name: long, level: 'beginner', days: 7 }).success).toBe(true);
  });

  it('refuses a name without a letter or digit, a length outside 7–42 and an empty change', () => {
    const input = { name: 'Core Week', level: 'beginner', days: 7 };
    expect(ProgramInputSchema.parse(input)).toEqual({ ...input, description: '', circuit: false });
    expect(ProgramInputSchema.safeParse({ ...input, name: '!!!' }).error?.issues[0]?.message).toBe(
      'The name needs a letter or a digit',
    );
    expect(ProgramInputSchema.safeParse({ ...input, days: 43 }).error?.issues[0]?.message).toBe(
      'Days must be a whole number from 7 to 42',
    );
    expect(ProgramUpdateSchema.safeParse({}).success).toBe(false);
    expect(ProgramDayItemsSchema.safeParse({ items: [] }).error?.issues[0]?.message).toBe(
      'A day needs at least one exercise',
    );
  });
});
