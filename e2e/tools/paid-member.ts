// Creates a paid member on a running server (demo provider) and prints the e-mail: for screenshots.
// Usage: npx tsx e2e/tools/paid-member.ts http://localhost:3000 [daily-core-monthly|burn-monthly]
const base = process.argv[2] ?? 'http://localhost:3000';
const plan = process.argv[3] ?? 'daily-core-monthly';
const email = `paid-${Date.now()}@example.com`;
const password = 'Core#2026strong';
const post = (path: string, body: unknown, cookie = '') =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
const signUp = await post('/api/auth/sign-up/email', { email, password, name: 'Paula' });
if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
let mail: { meta: { url: string } } | undefined;
for (let i = 0; i < 50 && !mail; i++) {
  // The confirmation e-mail is sent just after the sign-up answer.
  [mail] = (await (await fetch(`${base}/dev/mail.json?to=${email}`)).json()) as { meta: { url: string } }[];
  if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
}
const verify = await fetch(mail!.meta.url.replace(/^https?:\/\/[^/]+/, base), { redirect: 'manual' });
const cookie = verify.headers
  .getSetCookie()
  .map((line) => line.split(';')[0])
  .join('; ');
const { url } = (await (await post('/api/subscription/checkout', { plan }, cookie)).json()) as {
  url: string;
};
await fetch(url.replace(/^https?:\/\/[^/]+/, base), {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: 'number=4242424242424242&expiry=12/34&cvc=123',
  redirect: 'manual',
});
console.log(email);

export {};
