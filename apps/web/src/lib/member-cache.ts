/**
 * What the service worker keeps of the signed-in member's data (docs/decisions/0015):
 * the answers the member's pages need to open offline. Coaching, billing and the admin area are
 * never kept: they say they need the network instead.
 */
export const MEMBER_CACHE = 'core28-member-v1';

const MEMBER_PATHS = [
  /^\/api\/me$/,
  /^\/api\/profile$/,
  /^\/api\/program$/,
  /^\/api\/program\/days\/\d+\/session$/,
  /^\/api\/programs$/,
  /^\/api\/rounds$/,
  /^\/api\/rounds\/\d+\/(results|share\.png)$/,
  /^\/api\/exercises$/,
  /^\/api\/exercises\/today$/,
  /^\/api\/subscription$/,
  /^\/api\/subscription\/plan$/,
];

/** Fetched once when the first service worker takes over a member's page, so they are kept. */
export const MEMBER_DATA_URLS = [
  '/api/me',
  '/api/profile',
  '/api/program',
  '/api/programs',
  '/api/exercises',
  '/api/exercises/today',
  '/api/subscription',
  '/api/subscription/plan',
];

/**
 * On an answer the service worker took from its copy because the network failed: the page then
 * knows it is offline even where the browser says otherwise (a Wi-Fi without internet, or a
 * navigation that reset `navigator.onLine`).
 */
export const KEPT_ANSWER_HEADER = 'x-core28-kept';

export const isMemberData = (url: URL) => MEMBER_PATHS.some((path) => path.test(url.pathname));

/**
 * A request that may change who is signed in: sign-in, sign-up, sign-out, a provider's callback,
 * deleting the account. The member's data is dropped around it, so nothing of one member is ever
 * answered to the next one on this device.
 */
export const changesWhoIsSignedIn = (url: URL, method: string) =>
  url.pathname.startsWith('/api/auth/callback/') ||
  (method !== 'GET' && url.pathname.startsWith('/api/auth/')) ||
  (method !== 'GET' && url.pathname === '/api/profile/delete');
