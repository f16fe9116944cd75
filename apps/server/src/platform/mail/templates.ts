import { escapeHtml } from '../html.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The branded frame of every e-mail. Its first element is the preview text (preheader): hidden in
 * the message, shown by inboxes beside the subject; padded so the body's own words do not follow it.
 */
function layout({ preview, body }: { preview: string; body: string }) {
  const padding = '&#847;&zwnj;&nbsp;'.repeat(40);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f6f7;padding:24px">
<div class="preheader" style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:#f6f6f7;opacity:0">${escapeHtml(preview)}${padding}</div>
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:22px;color:#dc2626;margin:0 0 16px">Core28</h1>
${body}
</div></body></html>`;
}

const paragraph = (text: string) =>
  `<p style="font-size:15px;line-height:1.5;color:#222;white-space:pre-wrap">${escapeHtml(text)}</p>`;

/** A plain branded e-mail with one call-to-action link; text and HTML bodies say the same. */
export function actionEmail(opts: {
  to: string;
  subject: string;
  preview: string;
  intro: string;
  action: string;
  url: string;
  outro: string;
  kind: string;
}): MailMessage {
  const text = `${opts.intro}\n\n${opts.action}: ${opts.url}\n\n${opts.outro}\n\n— The Core28 team`;
  const html = layout({
    preview: opts.preview,
    body: `${paragraph(opts.intro)}
<p style="margin:28px 0"><a href="${escapeHtml(opts.url)}" style="background:#dc2626;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(opts.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(opts.outro)}</p>
<p style="font-size:12px;color:#888;word-break:break-all">${escapeHtml(opts.url)}</p>`,
  });
  return {
    to: opts.to,
    subject: opts.subject,
    preview: opts.preview,
    text,
    html,
    meta: { kind: opts.kind, url: opts.url },
  };
}

/** spec §5 Contact: the visitor's message to the team; replying answers the visitor. */
export function contactEmail(opts: {
  to: string;
  name: string;
  email: string;
  message: string;
  contactMessageId: string;
}): MailMessage {
  const firstLine = opts.message.split('\n')[0]?.slice(0, 90) ?? '';
  return {
    to: opts.to,
    replyTo: opts.email,
    subject: `Contact form: ${opts.name}`,
    preview: `${opts.name} wrote: ${firstLine}`,
    text: `From: ${opts.name} <${opts.email}>\n\n${opts.message}`,
    html: layout({
      preview: `${opts.name} wrote: ${firstLine}`,
      body: `<p style="font-size:14px;color:#555"><strong>From:</strong> ${escapeHtml(opts.name)} &lt;${escapeHtml(opts.email)}&gt;</p>
${paragraph(opts.message)}`,
    }),
    meta: { kind: 'contact', replyTo: opts.email, contactMessageId: opts.contactMessageId },
  };
}

/** A receipt for one paid invoice, its amount and date already formatted. */
export function receiptEmail(opts: {
  to: string;
  number: string;
  amountPaid: string;
  description: string;
  paidOn: string;
  url: string | null;
  manageUrl: string;
}): MailMessage {
  const preview = `We received your payment of ${opts.amountPaid}. Thank you for training with Core28.`;
  const lines = [
    `Receipt ${opts.number}`,
    `Paid on ${opts.paidOn}: ${opts.amountPaid}`,
    opts.description,
  ].filter(Boolean);
  const text = `${preview}\n\n${lines.join('\n')}\n\n${opts.url ? `Your invoice: ${opts.url}\n` : ''}Manage your subscription: ${opts.manageUrl}\n\n— The Core28 team`;
  const html = layout({
    preview,
    body: `${paragraph('Thank you! We received your payment.')}
<table style="width:100%;font-size:14px;color:#222;border-collapse:collapse;margin:16px 0">
<tr><td style="padding:6px 0;color:#555">Receipt</td><td style="text-align:right">${escapeHtml(opts.number)}</td></tr>
<tr><td style="padding:6px 0;color:#555">Paid on</td><td style="text-align:right">${escapeHtml(opts.paidOn)}</td></tr>
<tr><td style="padding:6px 0;color:#555">Amount</td><td style="text-align:right;font-weight:600">${escapeHtml(opts.amountPaid)}</td></tr>
</table>
${opts.description ? `<p style="font-size:13px;color:#555">${escapeHtml(opts.description)}</p>` : ''}
${opts.url ? `<p style="margin:20px 0"><a href="${escapeHtml(opts.url)}" style="color:#dc2626;font-weight:600">View your invoice</a></p>` : ''}
<p style="font-size:13px;color:#555">Manage your subscription at <a href="${escapeHtml(opts.manageUrl)}" style="color:#dc2626">${escapeHtml(opts.manageUrl)}</a>.</p>`,
  });
  return {
    to: opts.to,
    subject: `Your Core28 receipt ${opts.number}`,
    preview,
    text,
    html,
    meta: { kind: 'receipt', number: opts.number, ...(opts.url ? { url: opts.url } : {}) },
  };
}
