import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../config.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { resolveClientIp } from './client-ip.ts';

const trust = (value: string) => parseTrustProxy(value)!;

describe('resolveClientIp', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(resolveClientIp(false, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('with n hops takes the n-th entry from the right, the socket being the nearest proxy', () => {
    expect(resolveClientIp(trust('1'), '10.0.0.2', 'made-up, 203.0.113.7')).toBe('203.0.113.7');
    expect(resolveClientIp(trust('2'), '10.0.0.2', '1.1.1.1, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
    expect(resolveClientIp(trust('2'), '10.0.0.2', '203.0.113.7')).toBe('203.0.113.7');
    expect(resolveClientIp(trust('1'), '10.0.0.2', undefined)).toBe('10.0.0.2');
    expect(resolveClientIp(trust('2'), '10.0.0.2', 'not-an-ip, 10.0.0.9')).toBe('10.0.0.9');
  });

  it('with a list believes X-Forwarded-For only from a listed proxy', () => {
    const proxies = trust('10.0.0.2, 192.168.0.0/16');
    expect(resolveClientIp(proxies, '203.0.113.50', '198.51.100.1')).toBe('203.0.113.50');
    expect(resolveClientIp(proxies, '10.0.0.2', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(resolveClientIp(proxies, '10.0.0.2', '203.0.113.7, 192.168.4.4')).toBe('203.0.113.7');
    expect(resolveClientIp(proxies, '::ffff:10.0.0.2', '203.0.113.7')).toBe('203.0.113.7');
    expect(resolveClientIp(proxies, '10.0.0.2', '[2001:db8::1]:4711')).toBe('2001:db8::1');
  });

  it('true trusts proxies on loopback and private networks only', () => {
    const local = trust('true');
    expect(resolveClientIp(local, '127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    expect(resolveClientIp(local, '10.1.2.3', '203.0.113.7')).toBe('203.0.113.7');
    expect(resolveClientIp(local, '203.0.113.50', '198.51.100.1')).toBe('203.0.113.50');
  });
});

// With TRUST_PROXY=true, 8 sign-ins straight to the port with 8 made-up
// X-Forwarded-For values were 8 clients to the per-client limit (3 per 10 s): no 429.
describe('the per-client sign-in limit behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'true', TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  /** TRUST_PROXY as another start-up would read it (clientIp reads the config per request). */
  const setTrustProxy = (value: string) => {
    t.config.trustProxy = trust(value);
  };
  let attempt = 0;
  /** Eight sign-ins, each claiming another address, from `from` with `forwardedFor(i)`. */
  const eightSignIns = async (from: string, forwardedFor: (i: number) => string) => {
    const email = `nobody-${attempt++}@example.com`;
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.request('/api/auth/sign-in/email', {
        json: { email, password: 'Wrong#pass1' },
        headers: { 'x-forwarded-for': forwardedFor(i) },
        from,
      });
      statuses.push(res.status);
    }
    return statuses;
  };
  const LIMITED = [401, 401, 401, 429, 429, 429, 429, 429];

  it('TRUST_PROXY=true: made-up values sent straight to the port are not believed', async () => {
    setTrustProxy('true');
    expect(await eightSignIns('203.0.113.50', (i) => `198.51.100.${i}`)).toEqual(LIMITED);
  });

  it('a listed proxy: made-up values straight to the port are not believed, the proxy is', async () => {
    setTrustProxy('10.0.0.2');
    expect(await eightSignIns('203.0.113.51', (i) => `198.51.100.${i}`)).toEqual(LIMITED);
    // Through the proxy, which appends the address it received from.
    expect(await eightSignIns('10.0.0.2', (i) => `198.51.100.${i}, 203.0.113.52`)).toEqual(LIMITED);
    expect(await eightSignIns('10.0.0.2', () => '203.0.113.53')).toEqual(LIMITED);
  });

  it("one trusted hop: values made up in front of the proxy's own entry are not believed", async () => {
    setTrustProxy('1');
    expect(await eightSignIns('10.0.0.2', (i) => `198.51.100.${i}, 203.0.113.54`)).toEqual(LIMITED);
  });
});
