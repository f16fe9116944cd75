import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isLoopbackRequest } from '../../http/client-ip.ts';
import { getMail, listMailbox, listSentMail, moveRegistration, setOwnerSeats } from './service.ts';

// The dev mailbox: every e-mail the mail queue sent (without SMTP, that is where it lands), i.e.
// every confirmation and reset link.
// Never mounted in production, and outside it only for requests made on this machine.
const page = (title: string, body: unknown) => html`<!doctype html>
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${title} · Core28 dev mailbox</title>
      <style>
        body { font-family: system-ui, sans-serif; margin: 0; background: #f6f6f7; color: #111; }
        header { background: #111; color: #fff; padding: 14px 24px; }
        header a { color: #fff; }
        main { max-width: 960px; margin: 24px auto; padding: 0 16px; }
        table { width: 100%; border-collapse: collapse; background: #fff; border-radius: 8px; overflow: hidden; }
        td, th { text-align: left; padding: 10px 12px; border-bottom: 1px solid #eee; font-size: 14px; }
        .empty { padding: 40px; text-align: center; color: #666; background: #fff; border-radius: 8px; }
        pre { white-space: pre-wrap; background: #fff; padding: 16px; border-radius: 8px; }
      </style>
    </head>
    <body>
      <header><strong>Core28 dev mailbox</strong> · <a href="/dev/mail">All messages</a> · <a href="/">Back to the app</a></header>
      <main>${body}</main>
    </body>
  </html>`;

export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isLoopbackRequest(c)) throw new AppError('NOT_FOUND', 'Not found');
    await next();
  })
  .get('/mail', async (c) => {
    const { sent, unsent } = await listMailbox(c.get('deps'), { to: c.req.query('to') });
    const list = sent.length
      ? html`<table>
          <thead><tr><th>To</th><th>Subject</th><th>Sent</th></tr></thead>
          <tbody>
            ${sent.map(
              (m) =>
                html`<tr><td>${m.to}</td><td><a href="/dev/mail/${m.id}">${m.subject}</a></td><td>${m.sentAt?.toISOString()}</td></tr>`,
            )}
          </tbody>
        </table>`
      : html`<p class="empty">No e-mails yet. Sign up, ask for a password reset or send the contact form.</p>`;
    // Mail is sent by the mail-send job; what it has not sent (yet) is listed apart.
    const queue = unsent.length
      ? html`<h2>In the outbox queue</h2>
          <table>
            <thead><tr><th>To</th><th>Subject</th><th>State</th></tr></thead>
            <tbody>
              ${unsent.map(
                (m) =>
                  html`<tr><td>${m.to}</td><td>${m.subject}</td><td>${m.failedAt ? `failed after ${m.attempts} attempts: ${m.lastError}` : m.attempts ? `retrying (${m.attempts} attempts): ${m.lastError}` : 'waiting'}</td></tr>`,
              )}
            </tbody>
          </table>`
      : '';
    return c.html(page('Inbox', html`${list}${queue}`));
  })
  .get('/mail.json', async (c) => c.json(await listSentMail(c.get('deps'), { to: c.req.query('to') })))
  /** Browser tests: the server's clock at `at` (an ISO instant), or back to real time with null. */
  .post('/clock', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { at?: string | null };
    const at = body.at ? new Date(body.at) : null;
    const { devClock, now } = c.get('deps');
    if (!devClock) throw new AppError('NOT_FOUND', 'This server has no movable clock');
    if (at && Number.isNaN(at.getTime()))
      throw new AppError('BAD_REQUEST', 'Send { at: ISO instant | null }');
    devClock.set(at);
    return c.json({ now: now().toISOString() });
  })
  /** Test factory for browser tests: the program on day N (service.ts). */
  .post('/members/registration', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { email?: string; daysAgo?: number };
    const daysAgo = Number(body.daysAgo);
    if (!body.email || !Number.isInteger(daysAgo) || daysAgo < 0 || daysAgo > 365)
      throw new AppError('BAD_REQUEST', 'Send { email, daysAgo } with daysAgo 0..365');
    return c.json(await moveRegistration(c.get('deps'), { email: body.email, daysAgo }));
  })
  /** Test factory for browser tests: the owner's 1-on-1 Burn seats (0: every seat taken). */
  .post('/coach-seats', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { seats?: number };
    const seats = Number(body.seats);
    if (!Number.isInteger(seats) || seats < 0 || seats > 10_000)
      throw new AppError('BAD_REQUEST', 'Send { seats } with seats 0..10000');
    return c.json(await setOwnerSeats(c.get('deps'), { seats }));
  })
  .get('/mail/:id', async (c) => {
    const m = await getMail(c.get('deps'), { id: c.req.param('id') });
    return c.html(
      page(
        m.subject,
        html`<p><strong>To:</strong> ${m.to}<br /><strong>Subject:</strong> ${m.subject}<br />${m.replyTo ? html`<strong>Reply-To:</strong> ${m.replyTo}<br />` : ''}<strong>Sent:</strong> ${m.sentAt?.toISOString() ?? 'not yet'}</p>
          ${raw(m.html)}
          <h3>Plain text</h3>
          <pre>${m.text}</pre>`,
      ),
    );
  });
