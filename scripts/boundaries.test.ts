import { describe, expect, it } from 'vitest';
import { buildGraph, findCycles, rule, ruleBreaches } from './boundaries.ts';

// The checker behind `npm run check` on planted imports: real files of the repository, given the
// source below instead of their own, so the resolver (relative, `@/`, `@core28/…`) is tested too.
const planted = (sources: Record<string, string>) =>
  buildGraph(Object.keys(sources), (file) => sources[file] ?? '');

describe('the import rules', () => {
  it('lets the layers point one way', () => {
    expect(
      rule('apps/web/src/features/blog/blog-page.tsx', 'apps/web/src/features/program/api.ts'),
    ).toBeNull();
    expect(
      rule('apps/server/src/features/admin/service.ts', 'apps/server/src/features/program/service.ts'),
    ).toBeNull();
    expect(
      rule('apps/server/src/features/blog/routes.ts', 'apps/server/src/features/blog/service.ts'),
    ).toBeNull();
    expect(
      rule('apps/server/src/features/blog/service.ts', 'apps/server/src/platform/db/schema.ts'),
    ).toBeNull();
  });

  it('finds each breach through the resolver', () => {
    const graph = planted({
      'packages/core/src/blog.ts': `import { app } from '@core28/server/app.ts';`,
      'apps/web/src/components/ui/field.tsx': `import { articlesQuery } from '@/features/blog/api';`,
      'apps/web/src/lib/form.ts': `import type { Router } from '../app/router.tsx';`,
      'apps/web/src/features/blog/blog-page.tsx': `const p = import('../program/program-page.tsx');`,
      'apps/server/src/platform/mail/outbox.ts': `export { x } from '../../features/blog/service.ts';`,
      'apps/server/src/features/admin/service.ts': `import { f } from '../program/days.ts';`,
      'apps/server/src/features/blog/routes.ts': `import { articles } from '../../platform/db/schema.ts';`,
      'apps/server/src/features/blog/admin-routes.ts': `import { articles } from '../../platform/db/schema.ts';`,
      'apps/server/src/features/coaching/live.ts': `import { hub } from '../../platform/realtime/hub.ts';`,
    });
    expect(ruleBreaches(graph)).toEqual([
      'packages/core/src/blog.ts -> apps/server/src/app.ts: core imports nothing from the apps',
      'apps/web/src/components/ui/field.tsx -> apps/web/src/features/blog/api.ts: components/ imports no feature',
      'apps/web/src/lib/form.ts -> apps/web/src/app/router.tsx: only the app shell imports app/',
      'apps/web/src/features/blog/blog-page.tsx -> apps/web/src/features/program/program-page.tsx: another feature is reached through its api.ts (or a file in WEB_SHARED)',
      'apps/server/src/platform/mail/outbox.ts -> apps/server/src/features/blog/service.ts: platform/ imports no feature',
      'apps/server/src/features/admin/service.ts -> apps/server/src/features/program/days.ts: another feature is reached through its service.ts (or auth/session.ts)',
      "apps/server/src/features/blog/routes.ts -> apps/server/src/platform/db/schema.ts: a query is a function of the feature's service.ts (or a module beside it), never in its routes",
      "apps/server/src/features/blog/admin-routes.ts -> apps/server/src/platform/db/schema.ts: a query is a function of the feature's service.ts (or a module beside it), never in its routes",
      'apps/server/src/features/coaching/live.ts -> apps/server/src/platform/realtime/hub.ts: a feature reaches the realtime hub through platform/realtime/channel.ts (server.ts wires the hub)',
    ]);
  });

  it('keeps queries and request schemas out of the routes files', () => {
    const graph = planted({
      'apps/server/src/features/dev/routes.ts': `import { eq } from 'drizzle-orm';\nimport { mailOutbox } from '../../platform/db/schema.ts';`,
      'apps/server/src/features/notifications/routes.ts': `import { z } from 'zod';\nimport { sql } from 'drizzle-orm/sql';`,
      'apps/server/src/features/dev/service.ts': `import { eq } from 'drizzle-orm';\nimport { z } from 'zod';\nimport { mailOutbox } from '../../platform/db/schema.ts';`,
    });
    const query =
      "a query is a function of the feature's service.ts (or a module beside it), never in its routes";
    expect(ruleBreaches(graph)).toEqual([
      `apps/server/src/features/dev/routes.ts -> package:drizzle-orm: ${query}`,
      `apps/server/src/features/dev/routes.ts -> apps/server/src/platform/db/schema.ts: ${query}`,
      'apps/server/src/features/notifications/routes.ts -> package:zod: a request schema is a named schema in packages/core, never in the routes',
      `apps/server/src/features/notifications/routes.ts -> package:drizzle-orm/sql: ${query}`,
    ]);
  });

  it('lets WEB_SHARED files and auth/session.ts through', () => {
    const graph = planted({
      'apps/web/src/features/blog/blog-page.tsx': `import { TodaySessionCard } from '@/features/program/today-session-card';`,
      'apps/server/src/features/blog/routes.ts': `import { requireAdmin } from '../auth/session.ts';`,
    });
    expect(ruleBreaches(graph)).toEqual([]);
  });
});

describe('the cycle finder', () => {
  it('finds a two-file cycle, type-only and lazy imports included', () => {
    const graph = planted({
      'apps/web/src/lib/form.ts': `import type { X } from './query-errors.ts';`,
      'apps/web/src/lib/query-errors.ts': `const f = () => import('./form.ts');`,
      'apps/web/src/lib/toast.ts': `import { y } from './utils.ts';`,
      'apps/web/src/lib/utils.ts': '',
    });
    expect(findCycles(graph)).toEqual([['apps/web/src/lib/form.ts', 'apps/web/src/lib/query-errors.ts']]);
  });

  it('finds a file that imports itself, and no cycle in a chain', () => {
    expect(findCycles(planted({ 'apps/web/src/lib/toast.ts': `import './toast.ts';` }))).toEqual([
      ['apps/web/src/lib/toast.ts'],
    ]);
    const chain = planted({
      'apps/web/src/lib/toast.ts': `import './utils.ts';`,
      'apps/web/src/lib/utils.ts': `import './form.ts';`,
      'apps/web/src/lib/form.ts': '',
    });
    expect(findCycles(chain)).toEqual([]);
  });
});
