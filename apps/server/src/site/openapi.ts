import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { AppEnv, Deps } from '../context.ts';
import { escapeHtml } from '../platform/html.ts';

// The API's description (OpenAPI 3.1) at /api/openapi.json, made from the routes themselves:
// hono-openapi walks the app's routes and reads each `validate()` middleware's zod schema
// (validate.ts), so a route and its description cannot drift apart. better-auth describes its own
// routes (its openAPI plugin); they are added under /api/auth. docs/decisions/0024.

type PathItem = OpenAPIV3_1.PathItemObject;

const ERROR_BODY = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
  },
};

/**
 * Routes hono-openapi cannot see as they are: the calendar feed and stored files are matched as
 * `/*` (see their routes), and the live socket is an upgrade.
 */
const EXTRA_PATHS: Record<string, unknown> = {
  '/api/calendar/{token}.ics': {
    get: {
      tags: ['calendar'],
      summary: "A member's private calendar feed (RFC 5545); the token is the key, no session",
      parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        200: { description: 'The feed', content: { 'text/calendar': { schema: { type: 'string' } } } },
        304: { description: 'Unchanged since the ETag or date the client sent' },
        404: { description: 'No such feed', content: { 'application/json': { schema: ERROR_BODY } } },
      },
    },
  },
  '/api/files/{key}': {
    get: {
      tags: ['files'],
      summary:
        'A stored file (local storage only) through a signed link the API gave; the key may hold slashes. Answers byte ranges.',
      parameters: [
        { name: 'key', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'expires', in: 'query', required: true, schema: { type: 'integer' } },
        { name: 'signature', in: 'query', required: true, schema: { type: 'string' } },
      ],
      responses: {
        200: { description: 'The file' },
        206: { description: 'The range asked for' },
        403: {
          description: 'An expired or invalid link',
          content: { 'application/json': { schema: ERROR_BODY } },
        },
      },
    },
  },
  '/api/realtime': {
    get: {
      tags: ['realtime'],
      summary: 'The live socket (a WebSocket upgrade; a plain GET answers 426)',
      responses: { 101: { description: 'Switching to WebSocket' }, 426: { description: 'Not an upgrade' } },
    },
  },
};

/** What the description of every route says of answers: the error shape every refusal has. */
const DEFAULT_RESPONSES = {
  default: { description: 'An error', content: { 'application/json': { schema: ERROR_BODY } } },
};

export async function apiDescription(app: Hono<AppEnv>, deps: Pick<Deps, 'auth' | 'config'>) {
  const ours = await generateSpecs(app, {
    documentation: {
      openapi: '3.1.0',
      info: {
        title: 'Core28 API',
        version: '1',
        description:
          'The API the Core28 web app uses. Sessions are better-auth cookies; a state-changing request needs the site as its Origin. Every refusal answers { error: { code, message } }. Stable: see "API versions" in docs/api.md.',
      },
      servers: [{ url: deps.config.publicUrl }],
    },
    includeEmptyPaths: true,
    // /api/openapi.json itself looks like a static file to it; no API path is one.
    excludeStaticFile: false,
    // Only the API: the web app's pages, /dev and /metrics are not part of it; /api/auth/* is
    // better-auth's, described by better-auth below.
    exclude: [/^(?!\/api\/)/, '/api/auth/*', '/api/*'],
    defaultValidationErrorResponse: {
      description: "The request does not match the schema: the first problem, in the spec's words",
      content: { 'application/json': { schema: ERROR_BODY as never } },
    },
  });
  const auth = (await deps.auth.api.generateOpenAPISchema()) as unknown as OpenAPIV3_1.Document;
  const authPaths = Object.fromEntries(
    Object.entries(auth.paths ?? {}).map(([path, item]) => [`/api/auth${path}`, tagged(item ?? {}, 'auth')]),
  );
  const document = ours as unknown as OpenAPIV3_1.Document;
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      const responses = (operation as OpenAPIV3_1.OperationObject).responses ?? {};
      // Success is a JSON answer the route's code types (its TypeScript client reads it).
      if (responses['200'] && !('description' in responses['200']))
        responses['200'] = { description: 'Success' };
      responses.default ??= DEFAULT_RESPONSES.default as OpenAPIV3_1.ResponseObject;
    }
  }
  return {
    ...document,
    paths: { ...document.paths, ...authPaths, ...(EXTRA_PATHS as OpenAPIV3_1.PathsObject) },
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, ...auth.components?.schemas },
      securitySchemes: auth.components?.securitySchemes,
    },
  } satisfies OpenAPIV3_1.Document;
}

/** better-auth's operations, under one tag of their own. */
function tagged(item: PathItem, tag: string): PathItem {
  return Object.fromEntries(
    Object.entries(item).map(([method, operation]) => [
      method,
      typeof operation === 'object' && operation !== null && !Array.isArray(operation)
        ? { ...operation, tags: [tag] }
        : operation,
    ]),
  ) as PathItem;
}

/**
 * A page to read the description by, for developers: every operation with its parameters and
 * body schema. Made here, from the same document, so it needs nothing from the internet.
 */
export function referencePage(document: Awaited<ReturnType<typeof apiDescription>>) {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {})
      .filter(
        ([, operation]) => typeof operation === 'object' && operation !== null && 'responses' in operation,
      )
      .map(([method, operation]) => ({ path, method, operation: operation as Record<string, unknown> })),
  );
  const rows = operations
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map(({ path, method, operation }) => {
      const details = JSON.stringify(
        { parameters: operation.parameters, requestBody: operation.requestBody },
        null,
        2,
      );
      return `<details><summary><code>${method.toUpperCase()} ${escapeHtml(path)}</code> ${escapeHtml(
        String(operation.summary ?? ''),
      )}</summary><pre>${escapeHtml(details)}</pre></details>`;
    });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Core28 API reference</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}summary{cursor:pointer;padding:.25rem 0}code{overflow-wrap:anywhere}pre{background:#f4f4f5;padding:.75rem;overflow:auto}@media (prefers-color-scheme:dark){body{background:#111;color:#eee}pre{background:#222}a{color:#8ab4ff}}</style></head><body><h1>Core28 API reference</h1><p>${operations.length} operations, from <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>${rows.join('')}</body></html>`;
}
