import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Deps } from './context.ts';
import { createAuth } from './features/auth/auth.ts';
import type { Database } from './platform/db/index.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './platform/mail/mailer.ts';

export function createDeps(opts: {
  config: Config;
  log: Logger;
  db: Database;
  mailer?: Mailer;
  now?: () => Date;
}): Deps {
  const { config, log, db } = opts;
  const mailer =
    opts.mailer ??
    (config.smtpUrl
      ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom, log })
      : createOutboxMailer(db));
  const auth = createAuth({ db, config, mailer, log });
  return { config, log, db, mailer, auth, now: opts.now ?? (() => new Date()) };
}
