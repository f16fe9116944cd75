import { describe, expect, it } from 'vitest';
import { detailsFormKey } from './details-form-key';

describe('the details form key', () => {
  const profile = {
    firstName: 'Maya',
    lastName: 'Moss',
    displayName: 'Maya Moss',
    age: 31,
    gender: 'female',
    fitnessLevel: 'beginner',
    goals: ['core'],
    country: 'DE',
    timeZone: null as string | null,
    updatedAt: '2026-12-07T10:00:00.000Z',
  };

  it('stays when the time zone is recorded or the row is touched', () => {
    expect(
      detailsFormKey({
        ...profile,
        timeZone: 'Europe/Berlin',
        updatedAt: '2026-12-07T10:00:01.000Z',
      } as never),
    ).toBe(detailsFormKey(profile as never));
  });

  it('changes with every field the form edits', () => {
    const edits = {
      firstName: 'Mia',
      lastName: 'Moor',
      displayName: 'Mia',
      age: 32,
      gender: 'male',
      fitnessLevel: 'advanced',
      goals: ['core', 'posture'],
      country: 'FR',
    };
    for (const [field, value] of Object.entries(edits))
      expect(detailsFormKey({ ...profile, [field]: value } as never), field).not.toBe(
        detailsFormKey(profile as never),
      );
  });
});
