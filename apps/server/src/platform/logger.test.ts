import { expect, it } from 'vitest';
import { createLogger } from './logger.ts';

const SECRET = 'S3cr3t-value-0123456789';

it('drops fields that hold a credential and scrubs credentials out of an error’s text', () => {
  const lines: string[] = [];
  const log = createLogger('trace', { destination: { write: (line: string) => void lines.push(line) } });
  log.info({ req: { headers: { cookie: SECRET, authorization: SECRET, host: 'core28.example' } } }, 'a');
  log.info({ headers: { 'set-cookie': SECRET } }, 'b');
  log.info({ password: SECRET, body: { newPassword: SECRET, token: SECRET } }, 'c');
  const failed = Object.assign(new Error(`Failed query: select 1 where token = $1\nparams: ${SECRET}, 7`), {
    query: 'select 1 where token = $1',
    params: [SECRET, 7],
  });
  log.error({ err: failed }, 'd');
  log.warn(
    {
      err: new Error(
        [
          `GET /api/auth/verify-email?token=${SECRET}&callbackURL=%2F`,
          `authorization: Bearer ${SECRET}`,
          `cookie: core28.session_token=${SECRET}; other=1`,
          `link /api/auth/reset-password/${SECRET}?callbackURL=%2Fauth`,
          `Key (token)=(${SECRET}) already exists.`,
        ].join('\n'),
      ),
    },
    'e',
  );

  const output = lines.join('');
  expect(output).not.toContain(SECRET);
  // What is not a credential stays, so the line still tells what happened.
  expect(output).toContain('"host":"core28.example"');
  expect(output).toContain('select 1 where token = $1');
  expect(output).toContain('params: [redacted]');
  expect(output).toContain('callbackURL=%2F');
  expect(output).toContain('Key (token)=([redacted]) already exists.');
  expect(lines).toHaveLength(5);
});
