import { test } from '@playwright/test';
import { paidMember, signIn } from './helpers';

test('shots', async ({ browser }) => {
  test.setTimeout(300_000);
  for (const [label, viewport] of [['desk', { width: 1280, height: 860 }], ['mob', { width: 390, height: 844 }]] as const) {
    const mc = await browser.newContext({ viewport });
    const cc = await browser.newContext({ viewport });
    const m = await mc.newPage();
    const c = await cc.newPage();
    await paidMember(mc, 'burn-monthly', 'Maya Moss');
    await m.goto('/one-on-one');
    await m.getByRole('button', { name: 'New Topic' }).click();
    await m.getByRole('dialog').getByLabel('Title').fill('Lower back during leg raises');
    await m.getByRole('dialog').getByLabel(/Description/).fill('It lifts off the floor on the way down.');
    await m.screenshot({ path: `/tmp/shots/${label}-member-newtopic.png` });
    await m.getByRole('dialog').getByRole('button', { name: 'Create Topic' }).click();
    await m.waitForTimeout(800);
    await m.getByRole('textbox', { name: 'Message' }).fill('My lower back lifts off the floor. Is that OK? I have tried to slow down but it keeps happening near the bottom.');
    await m.getByRole('textbox', { name: 'Message' }).press('Enter');
    await m.waitForTimeout(800);
    await signIn(c, 'admin@core28.local', 'Admin#2026');
    await c.waitForTimeout(1500);
    await c.screenshot({ path: `/tmp/shots/${label}-admin-dashboard.png`, fullPage: true });
    await c.goto('/admin/one-on-one');
    await c.waitForTimeout(1000);
    await c.getByRole('button', { name: /Lower back/ }).first().click();
    await c.getByRole('textbox', { name: 'Reply' }).fill('Press it down and lower your legs only as far as you can keep it there.');
    await c.getByRole('textbox', { name: 'Reply' }).press('Enter');
    await c.waitForTimeout(1000);
    await c.screenshot({ path: `/tmp/shots/${label}-admin-inbox.png`, fullPage: true });
    await m.waitForTimeout(500);
    await m.screenshot({ path: `/tmp/shots/${label}-member-chat.png`, fullPage: true });
    await c.getByRole('link', { name: 'Open the full chat page' }).click();
    await c.waitForTimeout(1000);
    await c.screenshot({ path: `/tmp/shots/${label}-admin-chat.png`, fullPage: true });
    for (const p of ['users', 'program', 'exercises']) {
      await c.goto(`/admin/${p}`);
      await c.waitForTimeout(1500);
      await c.screenshot({ path: `/tmp/shots/${label}-admin-${p}.png`, fullPage: true });
    }
    const dc = await browser.newContext({ viewport });
    const d = await dc.newPage();
    await paidMember(dc, 'daily-core-monthly', 'Dan Core');
    await d.goto('/one-on-one');
    await d.waitForTimeout(1000);
    await d.screenshot({ path: `/tmp/shots/${label}-restricted.png` });
    await mc.close(); await cc.close(); await dc.close();
  }
});
