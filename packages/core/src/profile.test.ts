import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  countryName,
  ProfileCompletionSchema,
  ProfileEditSchema,
  ProfileUpdateSchema,
  REQUIRED_FIELDS_MESSAGE,
  TERMS_MESSAGE,
} from './profile.ts';

const valid = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  age: '36',
  gender: 'female',
  country: 'gb',
  fitnessLevel: 'beginner',
  goals: ['Lose weight', 'Lose weight'],
  termsAccepted: true,
};
const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('ProfileCompletionSchema (spec §5)', () => {
  it('trims, sends age as an integer, normalises country and goals', () => {
    expect(ProfileCompletionSchema.parse(valid)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      age: 36,
      gender: 'female',
      country: 'GB',
      fitnessLevel: 'beginner',
      goals: ['Lose weight'],
      termsAccepted: true,
      // The daily reminder is on at 07:00 unless the form says otherwise.
      workoutReminder: true,
      reminderTime: '07:00',
    });
    expect(
      ProfileCompletionSchema.parse({ ...valid, workoutReminder: false, reminderTime: '21:30' }),
    ).toMatchObject({
      workoutReminder: false,
      reminderTime: '21:30',
    });
    expect(ProfileCompletionSchema.safeParse({ ...valid, reminderTime: '7 pm' }).success).toBe(false);
  });

  it('asks for every required field with one message', () => {
    for (const field of ['firstName', 'lastName', 'age', 'gender', 'country', 'fitnessLevel']) {
      const result = ProfileCompletionSchema.safeParse({ ...valid, [field]: '' });
      expect(firstMessage(result), field).toBe(REQUIRED_FIELDS_MESSAGE);
      const missing = ProfileCompletionSchema.safeParse({ ...valid, [field]: undefined });
      expect(firstMessage(missing), field).toBe(REQUIRED_FIELDS_MESSAGE);
    }
    expect(firstMessage(ProfileCompletionSchema.safeParse({ ...valid, firstName: '   ' }))).toBe(
      REQUIRED_FIELDS_MESSAGE,
    );
  });

  it('needs the terms accepted', () => {
    expect(firstMessage(ProfileCompletionSchema.safeParse({ ...valid, termsAccepted: false }))).toBe(
      TERMS_MESSAGE,
    );
  });

  it('holds age to 13..100 and whole numbers', () => {
    expect(ProfileCompletionSchema.safeParse({ ...valid, age: 12 }).success).toBe(false);
    expect(ProfileCompletionSchema.safeParse({ ...valid, age: 101 }).success).toBe(false);
    expect(ProfileCompletionSchema.safeParse({ ...valid, age: 30.5 }).success).toBe(false);
    expect(ProfileCompletionSchema.safeParse({ ...valid, age: 100 }).success).toBe(true);
  });

  it('refuses values outside the option lists', () => {
    expect(ProfileCompletionSchema.safeParse({ ...valid, country: 'XX' }).success).toBe(false);
    expect(ProfileCompletionSchema.safeParse({ ...valid, gender: 'robot' }).success).toBe(false);
    expect(ProfileCompletionSchema.safeParse({ ...valid, goals: ['Fly'] }).success).toBe(false);
  });
});

describe('ProfileUpdateSchema', () => {
  it('accepts a partial payload and both spellings of prefer-not-to-say', () => {
    expect(ProfileUpdateSchema.parse({ gender: 'prefer_not_to_say' })).toEqual({
      gender: 'prefer-not-to-say',
    });
    expect(ProfileUpdateSchema.parse({})).toEqual({});
  });
  it('allows ages up to 120 on the profile page', () => {
    expect(ProfileUpdateSchema.safeParse({ age: 120 }).success).toBe(true);
    expect(ProfileUpdateSchema.safeParse({ age: 121 }).success).toBe(false);
  });
  it('drops fields a member may not set', () => {
    expect(
      ProfileUpdateSchema.parse({
        firstName: 'A',
        userId: 'x',
        registrationDate: '2020-01-01',
        role: 'admin',
      }),
    ).toEqual({
      firstName: 'A',
    });
  });
});

describe('ProfileEditSchema (the profile page form)', () => {
  const blank = {
    firstName: '',
    lastName: ' ',
    displayName: '',
    age: '',
    gender: '',
    country: '',
    fitnessLevel: '',
    goals: [],
  };
  it('leaves blank fields as they are (not sent) but clears a blank display name', () => {
    expect(ProfileEditSchema.parse(blank)).toEqual({ displayName: '', goals: [] });
    expect(ProfileUpdateSchema.parse(ProfileEditSchema.parse(blank))).toEqual({ displayName: '', goals: [] });
  });
  it('checks what is filled in like the server does (age 13 to 120)', () => {
    expect(ProfileEditSchema.parse({ ...blank, age: ' 120 ', country: 'nz' })).toMatchObject({
      age: 120,
      country: 'NZ',
    });
    expect(ProfileEditSchema.safeParse({ ...blank, age: '121' }).error?.issues[0]).toMatchObject({
      path: ['age'],
      message: 'Age must be between 13 and 120',
    });
  });
});

describe('countries', () => {
  it('come from the maintained list, about 200 of them, sorted by name', () => {
    expect(COUNTRIES.length).toBeGreaterThan(190);
    expect(countryName('DE')).toBe('Germany');
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
