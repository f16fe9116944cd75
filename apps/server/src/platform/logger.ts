import pino from 'pino';

/**
 * The process's logger, JSON lines to stdout. `buffered` (the server): lines are written
 * asynchronously, several in one write while one is under way, instead of one blocking write per
 * line (a synchronous write per request log was a syscall on every request); pino
 * flushes what is left when the process exits. `destination`: another stream (tests read it).
 *
 * No credential reaches a line: fields that hold one are dropped by name (`redact`), and an error's
 * text is scrubbed (`scrubLogValue`), as a failed query's message carries its parameters (a
 * session token, a reset token) while the database is away.
 */
export function createLogger(
  level: string,
  { buffered = false, destination }: { buffered?: boolean; destination?: pino.DestinationStream } = {},
) {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, remove: true },
      serializers: { err: scrubLogValue },
    },
    destination ?? (buffered ? pino.destination({ dest: 1, sync: false }) : undefined),
  );
}

const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'sessionToken',
  'cookie',
  'authorization',
  'secret',
];
const SECRET_HEADERS = ['cookie', 'authorization', '"set-cookie"', '"proxy-authorization"'];
const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  ...SECRET_HEADERS.flatMap((header) => [
    `headers.${header}`,
    `*.headers.${header}`,
    `req.headers.${header}`,
    `res.headers.${header}`,
  ]),
].map((path) => path.replace(/\.("[^"]+")$/, '[$1]'));

/** Keys whose value is dropped wherever they sit in what is scrubbed (`params`: a query's values). */
const SECRET_KEY = /^(params|\w*password|\w*token|cookie|set-cookie|authorization|\w*secret)$/i;
const REDACTED = '[redacted]';

/** What a credential looks like inside free text: each pattern keeps its label, drops the value. */
const SECRET_TEXT: [RegExp, string][] = [
  // drizzle's failed query: `Failed query: <sql>\nparams: <every value, to the end of the line>`
  [/(\bparams: )[^\n]*/g, `$1${REDACTED}`],
  // PostgreSQL's constraint detail: `Key (token)=(<value>) already exists.`
  [/(\bKey \([^)]*\)=\()[^\n]*?(\) )/g, `$1${REDACTED}$2`],
  [
    /([?&](?:token|code|state|password|secret|sig|signature|access_token|refresh_token|id_token)=)[^&#\s"']+/gi,
    `$1${REDACTED}`,
  ],
  [/(\b(?:Bearer|Basic) +)[\w.~+/=-]+/gi, `$1${REDACTED}`],
  [/(session_token=)[^;\s"']+/gi, `$1${REDACTED}`],
  [/(\/reset-password\/)[^/?#\s"']+/g, `$1${REDACTED}`],
];

export function scrubSecrets(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of SECRET_TEXT) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

/**
 * A value about to be logged, with what looks like a credential taken out: an error serialized as
 * pino does (its causes' messages and stacks joined in), then every string scrubbed and every field
 * named like a secret (a failed query's `params` among them) replaced. For pino's `err` and for
 * what better-auth hands its logger.
 */
export function scrubLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubSecrets(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (value instanceof Error) return scrubLogValue(pino.stdSerializers.err(value), depth + 1);
  if (Array.isArray(value)) return value.map((item) => scrubLogValue(item, depth + 1));
  const scrubbed: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    scrubbed[key] = SECRET_KEY.test(key) ? REDACTED : scrubLogValue(item, depth + 1);
  return scrubbed;
}
