// The avatar's limits and link lifetime, apart from the profile's schemas: the avatar link is
// refreshed on every page, the schemas are only for the profile's forms.

/** spec §5 Avatar upload. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const AVATAR_ERRORS = {
  tooLarge: { title: 'File too large', message: 'Please select an image smaller than 5MB' },
  // spec §5 names JPG, PNG or GIF; WebP is accepted too.
  invalidType: { title: 'Invalid file type', message: 'Please select an image file (JPG, PNG or GIF)' },
} as const;
/** spec §9: signed avatar links live 3600 s and are refreshed at 90 % of their life. */
export const AVATAR_URL_TTL_SECONDS = 3600;
export const AVATAR_URL_REFRESH_RATIO = 0.9;
