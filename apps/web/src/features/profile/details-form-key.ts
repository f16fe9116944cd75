import type { ProfileUpdateInput } from '@core28/core/profile';

const EDITED = [
  'firstName',
  'lastName',
  'displayName',
  'age',
  'gender',
  'fitnessLevel',
  'goals',
  'country',
] as const satisfies readonly (keyof ProfileUpdateInput)[];

/**
 * The details form starts again (a React key) when what it edits changes, say in another tab; not
 * when the profile row changes for another reason. Keyed by the row's `updatedAt`, the time zone
 * recorded at the first visit remounted the card under a member choosing a photo, and the photo
 * was lost with the file input it was chosen in.
 */
export const detailsFormKey = (profile: Partial<Record<(typeof EDITED)[number], unknown>>) =>
  JSON.stringify(EDITED.map((field) => profile[field] ?? null));
