import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../testing/harness.ts';

// The API's description covers every route the app has: a route added without it fails here.

let t: TestApp;
let document: {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
};
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const res = await t.request('/api/openapi.json');
  expect(res.status).toBe(200);
  document = await json(res);
});
afterAll(() => t.close());

/** A route's path as OpenAPI writes it: `:id` and `:day{[0-9]+}` are `{id}` and `{day}`. */
const WILDCARDS: Record<string, string> = {
  '/api/calendar/*': '/api/calendar/{token}.ics',
  '/api/files/*': '/api/files/{key}',
};
const openApiPath = (path: string) => WILDCARDS[path] ?? path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

describe('/api/openapi.json', () => {
  it('is OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every route of the API', () => {
    const routes = t.app.routes.filter(
      (r) => r.path.startsWith('/api/') && r.method !== 'ALL' && r.path !== '/api/auth/*',
    );
    expect(routes.length).toBeGreaterThan(80);
    const missing = routes
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => {
        const [method, path] = key.split(' ') as [string, string];
        return !document.paths[openApiPath(path)]?.[method.toLowerCase()];
      });
    expect(missing).toEqual([]);
  });

  it("gives a request body from the schema the route validates with, the spec's limits included", () => {
    const contact = document.paths['/api/contact']?.post?.requestBody?.content['application/json']
      ?.schema as {
      properties: Record<string, { maxLength?: number }>;
      required: string[];
    };
    expect(Object.keys(contact.properties)).toEqual(expect.arrayContaining(['name', 'email', 'message']));
    expect(contact.required).toEqual(expect.arrayContaining(['name', 'email', 'message']));
    // A refusal is described as the app answers it: { error: { code, message } }.
    const refused = document.paths['/api/contact']?.post as unknown as {
      responses: Record<string, { content: Record<string, { schema: { required: string[] } }> }>;
    };
    expect(refused.responses['400']?.content['application/json']?.schema.required).toEqual(['error']);
  });

  it("describes better-auth's routes under /api/auth", () => {
    expect(document.paths['/api/auth/sign-in/email']?.post).toBeDefined();
    expect(document.paths['/api/auth/get-session']?.get).toBeDefined();
  });

  it('has a page to read it by, outside production', async () => {
    const res = await t.request('/api/reference');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<code>POST /api/contact</code>');
    expect(html).not.toContain('<script');
  });
});
