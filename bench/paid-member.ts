// The bench's paying member, made over HTTP as e2e/tools/paid-member.ts makes one: sign up, confirm
// through the dev mailbox, pay with the demo provider's test card.

const PASSWORD = 'Bench#2026pass';

/** A paying member's session cookie (demo payment provider), as e2e/tools/paid-member.ts makes one. */
export async function signedInCookie(
  baseUrl: string,
  plan: 'daily-core-monthly' | 'burn-monthly' = 'daily-core-monthly',
) {
  const email = `bench-${Date.now()}@example.com`;
  const post = (p: string, body: unknown, cookie = '') =>
    fetch(`${baseUrl}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
      redirect: 'manual',
    });
  const signUp = await post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Bench' });
  if (!signUp.ok) throw new Error(`bench sign-up: ${signUp.status} ${await signUp.text()}`);
  let mail: { meta: { url: string } } | undefined;
  // The confirmation e-mail is sent just after the sign-up answer.
  for (let i = 0; i < 50 && !mail; i++) {
    [mail] = (await (await fetch(`${baseUrl}/dev/mail.json?to=${email}`)).json()) as (typeof mail)[];
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!mail) throw new Error('bench sign-up: no confirmation e-mail');
  const verify = await fetch(mail.meta.url.replace(/^https?:\/\/[^/]+/, baseUrl), {
    redirect: 'manual',
  });
  const cookie = verify.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const checkout = await post('/api/subscription/checkout', { plan }, cookie);
  const { url } = (await checkout.json()) as { url: string };
  await fetch(url.replace(/^https?:\/\/[^/]+/, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'number=4242424242424242&expiry=12/34&cvc=123',
    redirect: 'manual',
  });
  return cookie;
}
