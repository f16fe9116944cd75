import { escapeHtml } from '../html.ts';
import type { MailMessage } from './mailer.ts';

/** A plain branded e-mail with one call-to-action link; text and HTML bodies say the same. */
export function actionEmail(opts: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  url: string;
  outro: string;
  kind: string;
}): MailMessage {
  const text = `${opts.intro}\n\n${opts.action}: ${opts.url}\n\n${opts.outro}\n\n— The Core28 team`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f6f7;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:22px;color:#dc2626;margin:0 0 16px">Core28</h1>
<p style="font-size:15px;line-height:1.5;color:#222">${escapeHtml(opts.intro)}</p>
<p style="margin:28px 0"><a href="${escapeHtml(opts.url)}" style="background:#dc2626;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(opts.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(opts.outro)}</p>
<p style="font-size:12px;color:#888;word-break:break-all">${escapeHtml(opts.url)}</p>
</div></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html, meta: { kind: opts.kind, url: opts.url } };
}
