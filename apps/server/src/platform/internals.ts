// Where a fast path reads a library's internals rather than its documented API. Each library here
// is pinned to an exact version in package.json (internals.test.ts fails otherwise, and when the
// installed version is not the one below), so an upgrade comes to this list first: re-read what
// `reads` names in the new version, run `proof`, then change `version`. Renovate holds every
// update of these for a person (renovate.json).

export type LibraryInternal = {
  library: string;
  version: string;
  /** The internals relied on, as the library names them. */
  reads: string;
  /** The code that reads them (paths under apps/server/src). */
  where: string[];
  /** The tests that fail when the internal changes (paths under apps/server/src). */
  proof: string[];
};

export const LIBRARY_INTERNALS: LibraryInternal[] = [
  {
    library: 'better-auth',
    version: '1.7.25',
    reads:
      "auth.$context: authCookies.sessionToken.name, secret, sessionConfig.expiresIn/updateAge; the signed session cookie's format (token.HMAC-SHA256 in base64); when getSession deletes or refreshes a session",
    where: ['features/auth/fast-session.ts', 'features/coaching/messages.ts'],
    proof: ['features/auth/fast-session.test.ts', 'features/coaching/member-message.test.ts'],
  },
  {
    library: 'better-call',
    version: '1.4.5',
    reads: "parseCookies, better-auth's own cookie parser (so both read a Cookie header alike)",
    where: ['features/auth/fast-session.ts'],
    proof: ['features/auth/fast-session.test.ts'],
  },
  {
    library: 'drizzle-orm',
    version: '0.45.4',
    reads:
      "a prepared query's fields, joinsNotNullableMap and customResultMapper; SQL's decoder; mapResultRow's rules (row-mapper.test compares with it)",
    where: ['platform/db/row-mapper.ts', 'platform/db/prepared.ts'],
    proof: ['platform/db/row-mapper.test.ts', 'platform/db/prepared.test.ts'],
  },
  {
    library: '@hono/node-server',
    version: '2.1.11',
    reads:
      "c.env.incoming and c.env.outgoing (Node's request and response); a Response's symbol-keyed 'cache' of [status, body, headers] for a string body (its fast path)",
    where: ['http/node-request.ts', 'http/answer-headers.ts', 'http/compression.ts'],
    proof: ['http/node-request.test.ts', 'http/request-pipeline.test.ts'],
  },
  {
    library: 'hono',
    version: '4.13.19',
    reads:
      'which routes make its RegExpRouter give up for the trie router (features/calendar/routes.ts); c.req.routePath; the request id rule of requestId()',
    where: ['features/calendar/routes.ts', 'http/answer-headers.ts'],
    proof: ['http/request-pipeline.test.ts', 'features/calendar/calendar.test.ts'],
  },
];
