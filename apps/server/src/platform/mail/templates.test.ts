import { describe, expect, it } from 'vitest';
import { actionEmail, contactEmail, receiptEmail } from './templates.ts';

// Every e-mail opens with a hidden preview line (preheader) that inboxes show.

const templates = {
  action: actionEmail({
    to: 'a@example.com',
    kind: 'verify-email',
    subject: 'Confirm your Core28 account',
    preview: 'One click to confirm <your> e-mail',
    intro: 'Welcome',
    action: 'Confirm my e-mail',
    url: 'https://core28.example/x?a=1&b=2',
    outro: 'Bye',
  }),
  contact: contactEmail({
    to: 'team@example.com',
    name: 'Ann <script>',
    email: 'ann@example.com',
    message: 'First line\nSecond line',
    contactMessageId: 'id-1',
  }),
  receipt: receiptEmail({
    to: 'a@example.com',
    number: 'R-1',
    amountPaid: '$9.99',
    description: 'The Daily Core (monthly)',
    paidOn: 'November 23, 2026',
    url: null,
    manageUrl: 'https://core28.example/subscription/manage',
  }),
};

describe('mail templates', () => {
  for (const [name, mail] of Object.entries(templates)) {
    it(`${name}: a hidden preview line, first in the body, escaped`, () => {
      expect(mail.preview.length).toBeGreaterThan(10);
      const body = mail.html.slice(mail.html.indexOf('<body'));
      const first = body.slice(body.indexOf('>') + 1).trimStart();
      expect(first).toMatch(/^<div class="preheader" style="display:none;/);
      const escaped = mail.preview.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
      expect(first.slice(0, 400)).toContain(escaped);
      expect(mail.html).not.toContain('<script>');
    });
  }

  it('contact: replies go to the visitor; the preview is their first line', () => {
    expect(templates.contact.replyTo).toBe('ann@example.com');
    expect(templates.contact.preview).toBe('Ann <script> wrote: First line');
  });
});
