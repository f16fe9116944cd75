import { escapeHtml } from '../html.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The branded frame of every e-mail. Its first element is the preview text (preheader): hidden in
 * the message, shown by inboxes beside the subject; padded so the body's own words do not follow it.
 */
function layout({ preview, body, footer = '' }: { preview: string; body: string; footer?: string }) {
  const padding = '&#847;&zwnj;&nbsp;'.repeat(40);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f6f7;padding:24px">
<div class="preheader" style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:#f6f6f7;opacity:0">${escapeHtml(preview)}${padding}</div>
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:22px;color:#dc2626;margin:0 0 16px">Core28</h1>
${body}
</div>${footer}</body></html>`;
}

const paragraph = (text: string) =>
  `<p style="font-size:15px;line-height:1.5;color:#222;white-space:pre-wrap">${escapeHtml(text)}</p>`;

/**
 * A mail the member may stop carries a visible link (a page that asks once more) and the
 * RFC 8058 one-click URL that mail clients POST to (List-Unsubscribe, set by the mailer).
 */
export type Unsubscribe = { pageUrl: string; oneClickUrl: string; what: string };

const unsubscribeFooter = (u: Unsubscribe) =>
  `<p style="max-width:520px;margin:16px auto 0;font-size:12px;color:#777;text-align:center">You get this because ${escapeHtml(u.what)} is on in your Core28 profile. <a href="${escapeHtml(u.pageUrl)}" style="color:#777">Unsubscribe from these e-mails</a>.</p>`;
const unsubscribeText = (u: Unsubscribe) =>
  `\n\n--\nYou get this because ${u.what} is on in your Core28 profile. Unsubscribe: ${u.pageUrl}`;

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
  /** Rows of label and value shown above the button (a weekly summary). */
  rows?: [string, string][];
  unsubscribe?: Unsubscribe;
}): MailMessage {
  const rows = opts.rows ?? [];
  const rowsText = rows.length ? `\n\n${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}` : '';
  const text = `${opts.intro}${rowsText}\n\n${opts.action}: ${opts.url}\n\n${opts.outro}\n\n— The Core28 team${opts.unsubscribe ? unsubscribeText(opts.unsubscribe) : ''}`;
  const table = rows.length
    ? `<table role="presentation" style="width:100%;font-size:14px;color:#222;border-collapse:collapse;margin:16px 0">${rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 0;color:#555">${escapeHtml(label)}</td><td style="text-align:right;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const html = layout({
    preview: opts.preview,
    footer: opts.unsubscribe ? unsubscribeFooter(opts.unsubscribe) : '',
    body: `${paragraph(opts.intro)}${table}
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
    ...(opts.unsubscribe ? { listUnsubscribe: opts.unsubscribe.oneClickUrl } : {}),
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

/**
 * The support inbox's answer to a contact message: from the team, Reply-To the business's contact
 * address (so the visitor's answer reaches the inbox's address, not the sender's relay), with the
 * visitor's own words quoted below.
 */
export function supportReplyEmail(opts: {
  to: string;
  replyTo: string;
  name: string;
  reply: string;
  original: string;
  contactMessageId: string;
}): MailMessage {
  const preview = opts.reply.split('\n')[0]?.slice(0, 90) ?? '';
  const quoted = opts.original
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    to: opts.to,
    replyTo: opts.replyTo,
    subject: 'Re: your message to Core28',
    preview,
    text: `Hi ${opts.name},\n\n${opts.reply}\n\n— The Core28 team\n\nYou wrote:\n${quoted}`,
    html: layout({
      preview,
      body: `${paragraph(`Hi ${opts.name},`)}${paragraph(opts.reply)}${paragraph('— The Core28 team')}
<p style="font-size:13px;color:#555;margin-top:24px">You wrote:</p>
<blockquote style="margin:0;padding-left:12px;border-left:3px solid #ddd;color:#555;font-size:13px;white-space:pre-wrap">${escapeHtml(opts.original)}</blockquote>`,
    }),
    meta: { kind: 'support-reply', replyTo: opts.replyTo, contactMessageId: opts.contactMessageId },
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
