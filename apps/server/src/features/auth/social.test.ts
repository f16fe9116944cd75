import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, json, TEST_ORIGIN, type TestApp } from '../../testing/harness.ts';

// A local OpenID Connect provider stands in for Google: the only thing faked is Google itself.
const issuer = new OAuth2Server();
let t: TestApp;
const GOOGLE_USER = {
  sub: 'google-1234',
  email: 'g.user@example.com',
  email_verified: true,
  name: 'Gina User',
};

beforeAll(async () => {
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  issuer.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, GOOGLE_USER, { aud: 'core28-google-client' });
  });
  issuer.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = GOOGLE_USER;
  });
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'core28-google-client',
      GOOGLE_CLIENT_SECRET: 'core28-google-secret',
      GOOGLE_DISCOVERY_URL: `${issuer.issuer.url}/.well-known/openid-configuration`,
    },
  });
});
afterAll(async () => {
  await t.close();
  await issuer.stop();
});

describe('Google sign-in', () => {
  it('tells the auth page which providers are enabled', async () => {
    expect(await json(await t.request('/api/auth/providers'))).toEqual({ google: true, apple: false });
    const plain = await createTestApp({ seed: false });
    expect(await json(await plain.request('/api/auth/providers'))).toEqual({ google: false, apple: false });
    await plain.close();
  });

  it('creates the member, signs them in and returns to /', async () => {
    const start = await t.request('/api/auth/sign-in/social', {
      json: { provider: 'google', callbackURL: '/' },
    });
    expect(start.status).toBe(200);
    const { url } = await json(start);
    expect(url).toContain(`${issuer.issuer.url}/authorize`);

    // The provider's consent step answers with a redirect back to our callback.
    const consent = await fetch(url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(back.origin).toBe(TEST_ORIGIN);
    expect(back.pathname).toBe('/api/auth/callback/google');

    const callback = await t.request(back.pathname + back.search, { cookie: cookieFrom(start) });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');

    const me = await json(await t.request('/api/me', { cookie: cookieFrom(callback) }));
    expect(me.user).toMatchObject({ email: GOOGLE_USER.email, emailVerified: true, name: GOOGLE_USER.name });
    expect(me.profile).toMatchObject({ displayName: GOOGLE_USER.name });
  });

  it('an account made with Google deletes itself without a password (it has none)', async () => {
    const start = await t.request('/api/auth/sign-in/social', {
      json: { provider: 'google', callbackURL: '/' },
    });
    const { url } = await json(start);
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    const cookie = cookieFrom(await t.request(back.pathname + back.search, { cookie: cookieFrom(start) }));
    expect((await json(await t.request('/api/me', { cookie }))).user).toMatchObject({
      email: GOOGLE_USER.email,
    });

    const deleted = await t.request('/api/profile/delete', { cookie, json: { password: '' } });
    expect(deleted.status).toBe(200);
    expect((await json(await t.request('/api/me', { cookie }))).user).toBeNull();
  });
});
