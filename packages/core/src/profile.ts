import { countries } from 'countries-list';
import { z } from 'zod';
import { DEFAULT_REMINDER_TIME, ReminderTimeSchema } from './notifications.ts';

// spec §3 option lists, §5 profile validation, §9 limits.
export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};

export const FITNESS_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type FitnessLevel = (typeof FITNESS_LEVELS)[number];

export const GOALS = [
  'Build core strength',
  'Lose weight',
  'Improve posture',
  'Increase endurance',
  'General fitness',
] as const;

/** ISO 3166-1 alpha-2 code → English name, sorted by name (from the maintained countries-list package). */
export const COUNTRIES: readonly { code: string; name: string }[] = Object.entries(countries)
  .map(([code, country]) => ({ code, name: country.name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));
const COUNTRY_CODES = new Set(COUNTRIES.map((country) => country.code));
export const countryName = (code: string | null | undefined) =>
  COUNTRIES.find((country) => country.code === code)?.name ?? code ?? '';

export const AGE_BOUNDS = { completion: { min: 13, max: 100 }, profile: { min: 13, max: 120 } } as const;

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const TERMS_MESSAGE = 'Please accept the terms and conditions';

// The profile page once spelled it prefer_not_to_say (spec §3); both are accepted, one is stored.
const GenderSchema = z
  .string()
  .transform((value) => (value === 'prefer_not_to_say' ? 'prefer-not-to-say' : value))
  .pipe(z.enum(GENDERS, { error: 'Please choose a gender from the list' }));

const nameField = (label: string) =>
  z.string().trim().min(1, REQUIRED_FIELDS_MESSAGE).max(50, `${label} must be at most 50 characters`);

const ageField = <Input extends string | number = string | number>({
  min,
  max,
}: {
  min: number;
  max: number;
}) =>
  z.coerce
    .number<Input>({ error: `Age must be a whole number between ${min} and ${max}` })
    .int(`Age must be a whole number between ${min} and ${max}`)
    .min(min, `Age must be between ${min} and ${max}`)
    .max(max, `Age must be between ${min} and ${max}`);

const CountrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => COUNTRY_CODES.has(code), 'Please choose a country from the list');

const FitnessLevelSchema = z.enum(FITNESS_LEVELS, { error: 'Please choose a fitness level from the list' });

const GoalsSchema = z
  .array(z.enum(GOALS, { error: 'Please choose goals from the list' }))
  .max(GOALS.length)
  .transform((goals) => [...new Set(goals)]);

export const ProfileCompletionSchema = z.object({
  firstName: z.string(REQUIRED_FIELDS_MESSAGE).pipe(nameField('First name')),
  lastName: z.string(REQUIRED_FIELDS_MESSAGE).pipe(nameField('Last name')),
  age: z
    .union([z.number(), z.string().trim().min(1, REQUIRED_FIELDS_MESSAGE)], {
      error: REQUIRED_FIELDS_MESSAGE,
    })
    .pipe(ageField(AGE_BOUNDS.completion)),
  gender: z.string(REQUIRED_FIELDS_MESSAGE).min(1, REQUIRED_FIELDS_MESSAGE).pipe(GenderSchema),
  country: z.string(REQUIRED_FIELDS_MESSAGE).min(1, REQUIRED_FIELDS_MESSAGE).pipe(CountrySchema),
  fitnessLevel: z.string(REQUIRED_FIELDS_MESSAGE).min(1, REQUIRED_FIELDS_MESSAGE).pipe(FitnessLevelSchema),
  goals: GoalsSchema.default([]),
  termsAccepted: z.boolean(TERMS_MESSAGE).refine((accepted) => accepted, TERMS_MESSAGE),
  // The daily reminder, on at 07:00 unless the member says otherwise here.
  workoutReminder: z.boolean().default(true),
  reminderTime: ReminderTimeSchema.default(DEFAULT_REMINDER_TIME),
});
export type ProfileCompletionInput = z.input<typeof ProfileCompletionSchema>;

/** spec §3: a partial update; fields a member may not set (role, ids, dates) are not in it. */
export const ProfileUpdateSchema = z
  .object({
    firstName: nameField('First name'),
    lastName: nameField('Last name'),
    displayName: z.string().trim().max(50, 'Display name must be at most 50 characters'),
    age: ageField(AGE_BOUNDS.profile),
    gender: GenderSchema,
    fitnessLevel: FitnessLevelSchema,
    goals: GoalsSchema,
    country: CountrySchema,
  })
  .partial();
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

/** A blank field of the profile page's form is left as it is: not sent (a partial update, spec §3). */
const keptWhenBlank = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(schema.optional());

/** The profile page's edit form (spec §5: age 13 to 120); a blank display name clears it. */
export const ProfileEditSchema = z.object({
  firstName: keptWhenBlank(nameField('First name')),
  lastName: keptWhenBlank(nameField('Last name')),
  displayName: z.string().trim().max(50, 'Display name must be at most 50 characters'),
  age: keptWhenBlank(ageField<string>(AGE_BOUNDS.profile)),
  gender: keptWhenBlank(GenderSchema),
  country: keptWhenBlank(CountrySchema),
  fitnessLevel: keptWhenBlank(FitnessLevelSchema),
  goals: GoalsSchema,
});
export type ProfileEditInput = z.input<typeof ProfileEditSchema>;

export * from './avatar.ts';

export const isProfileComplete = (profile: { firstName: string | null; lastName: string | null } | null) =>
  Boolean(profile?.firstName && profile.lastName);

/** An account made with Google or Apple has no password: the server checks one only when there is one. */
export const DeleteAccountSchema = z.object({ password: z.string().max(128) });
/** The deletion dialog of an account with a password. */
export const DeleteAccountFormSchema = z.object({
  password: z.string().min(1, 'Please enter your password').max(128),
});
