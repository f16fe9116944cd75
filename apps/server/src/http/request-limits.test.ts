import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('malformed percent-encoding (issue 15)', () => {
  it('answers 400 with the error shape on any API path, never 500', async () => {
    for (const path of ['/api/files/%E0%A4%A', '/api/files/%', '/api/blog/articles/%zz', '/api/%C0']) {
      const res = await t.request(path);
      expect(res.status, path).toBe(400);
      expect((await json(res)).error.code, path).toBe('BAD_REQUEST');
    }
  });

  it('leaves well-formed escapes alone', async () => {
    const res = await t.request('/api/blog/articles/no%20such%20article');
    expect(res.status).toBe(404);
  });
});
