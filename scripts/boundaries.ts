// The layers point one way (the rules in words are in the README, "Where things go").
// The rules, the import graph and the cycle finder; `check-boundaries.ts` runs them on the repository
// and `boundaries.test.ts` on planted files. Imports are read with TypeScript's own pre-processor,
// so `import type`, `export … from` and lazy `import()` all count, tests included.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
// TypeScript 7, the compiler `npm run check` runs, ships no JavaScript API yet: preProcessFile
// comes from TypeScript 6, installed beside it under the name `typescript6`.
import ts from 'typescript6';

const ROOT = path.resolve(import.meta.dirname, '..');
export const SCANNED = ['packages/core/src', 'apps/server/src', 'apps/web/src', 'e2e', 'bench'];
const WEB = 'apps/web/src/';
const SERVER = 'apps/server/src/';

/**
 * The files of a web feature that other features may import besides its `api.ts`: components it
 * shares on purpose. A new entry is a decision, made here where it is reviewed.
 */
const WEB_SHARED: Record<string, string[]> = {
  auth: ['link-errors.ts', 'password-checklist.tsx'],
  coaching: ['latest-reply-card.tsx'], // the member's home
  exercises: [
    'admin-api.ts',
    'admin-exercise-library.tsx',
    'exercise-dialog.tsx',
    'exercise-demo.tsx',
    'exercise-media.tsx',
  ],
  program: [
    'admin/member-plan.tsx',
    'admin/program-days.tsx',
    // the coaches' programs (/admin/programs): its editor, form, badge and queries
    'admin/programs-api.ts',
    'admin/program-day-editor.tsx',
    'admin/program-fields-form.tsx',
    'admin/program-status-badge.tsx',
    'today-area.tsx',
    'this-week-card.tsx', // the member's home
  ],
  profile: ['profile-completion-card.tsx', 'verify-email-card.tsx', 'welcome-dialog.tsx'],
  subscriptions: ['paywall.tsx'],
};

/**
 * A server feature is reached through its service; the session middleware and the plan gate (the
 * one plan rule's middleware, which every gated feature uses) are the other doors.
 */
const isServerDoor = (feature: string, file: string) =>
  file === 'service.ts' ||
  (feature === 'auth' && file === 'session.ts') ||
  (feature === 'subscriptions' && file === 'entitlements.ts');

/** The tables (schema.ts and its parts), and the query builder: a file that imports them queries the database. */
const isSchema = (file: string) => file === 'platform/db/schema.ts' || file.startsWith('platform/db/schema/');
const PACKAGE = 'package:';
const isQueryBuilder = (to: string) =>
  to === `${PACKAGE}drizzle-orm` || to.startsWith(`${PACKAGE}drizzle-orm/`);
const isRoutesFile = (file: string) => /^features\/[^/]+\/([a-z-]+-)?routes\.ts$/.test(file);

/** A feature's channel, `publish` and its handlers' types: all a feature sees of the realtime hub. */
const REALTIME_DOOR = 'platform/realtime/channel.ts';

export function rule(from: string, to: string): string | null {
  if (from.startsWith('packages/core/') && to.startsWith('apps/'))
    return 'core imports nothing from the apps';
  if (from.startsWith(SERVER) && isRoutesFile(from.slice(SERVER.length))) {
    if (isQueryBuilder(to))
      return `a query is a function of the feature's service.ts (or a module beside it), never in its routes`;
    if (to === `${PACKAGE}zod`)
      return 'a request schema is a named schema in packages/core, never in the routes';
  }
  if (from.startsWith(SERVER) && to.startsWith(SERVER)) {
    const [a, b] = [from.slice(SERVER.length), to.slice(SERVER.length)];
    if (a === 'errors.ts') return 'errors.ts is a leaf: every layer imports it, so it imports none';
    if (a.startsWith('platform/') && b.startsWith('features/')) return 'platform/ imports no feature';
    if (a.startsWith('platform/') && (b.startsWith('http/') || b.startsWith('site/')))
      return 'platform/ imports nothing of http/ or site/';
    const [fa, fb] = [featureOf(a), featureOf(b)];
    if (fa && isRoutesFile(a) && isSchema(b))
      return `a query is a function of the feature's service.ts (or a module beside it), never in its routes`;
    if (fa && b.startsWith('platform/realtime/') && b !== REALTIME_DOOR)
      return `a feature reaches the realtime hub through ${REALTIME_DOOR} (server.ts wires the hub)`;
    if (fa && fb && fa !== fb && !isServerDoor(fb, b.slice(`features/${fb}/`.length)))
      return `another feature is reached through its service.ts (or auth/session.ts)`;
  }
  if (from.startsWith(WEB) && to.startsWith(WEB)) {
    const [a, b] = [from.slice(WEB.length), to.slice(WEB.length)];
    const isShell = a.startsWith('app/') || a === 'main.tsx';
    if (!isShell && b.startsWith('app/')) return 'only the app shell imports app/';
    if ((a.startsWith('components/') || a.startsWith('lib/')) && b.startsWith('features/'))
      return `${a.split('/')[0]}/ imports no feature`;
    const [fa, fb] = [featureOf(a), featureOf(b)];
    const file = fb ? b.slice(`features/${fb}/`.length) : '';
    if (fa && fb && fa !== fb && file !== 'api.ts' && !WEB_SHARED[fb]?.includes(file))
      return `another feature is reached through its api.ts (or a file in WEB_SHARED)`;
  }
  return null;
}

const featureOf = (p: string) => /^features\/([^/]+)\//.exec(p)?.[1] ?? null;

export function listFiles(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return listFiles(rel);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [rel] : [];
  });
}

/**
 * The repository file an import names; a package as `package:<name>` (a leaf of the graph, for the
 * rules that name one); null for a repository path that does not exist.
 */
export function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith('@/') && from.startsWith(WEB)) base = WEB + specifier.slice(2);
  else if (specifier.startsWith('@core28/core/')) base = `packages/core/src/${specifier.slice(13)}`;
  else if (specifier.startsWith('@core28/server/')) base = `${SERVER}${specifier.slice(15)}`;
  else return `${PACKAGE}${specifier}`;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (existsSync(path.join(ROOT, candidate)) && statSync(path.join(ROOT, candidate)).isFile())
      return candidate;
  return null;
}

/** Every scanned file with the repository files and packages it imports. */
export function buildGraph(
  files: string[],
  read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8'),
) {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(read(file), true, true);
    graph.set(
      file,
      importedFiles.map((i) => resolve(file, i.fileName)).filter((to): to is string => to !== null),
    );
  }
  return graph;
}

/** Every import that breaks a rule, as `from -> to: rule`. */
export const ruleBreaches = (graph: Map<string, string[]>) =>
  [...graph].flatMap(([from, targets]) =>
    targets.flatMap((to) => {
      const broken = rule(from, to);
      return broken ? [`${from} -> ${to}: ${broken}`] : [];
    }),
  );

/** The features of one app, each a folder; a loop between them is a breach even when no file loops. */
const FEATURE_ROOTS = [SERVER, WEB];
const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file);

/**
 * Every loop between the features of an app, folder level (tests left out: a test may use
 * another feature's helpers), as `features a ↔ b: a/x.ts -> b/y.ts, …`. Features point one way,
 * so the next engineer can read one without the rest of the loop in their head.
 */
export function featureLoops(graph: Map<string, string[]>): string[] {
  return FEATURE_ROOTS.flatMap((root) => {
    const edges = new Map<string, string[]>();
    const example = new Map<string, string>();
    for (const [from, targets] of graph) {
      const fa = from.startsWith(root) && !isTest(from) ? featureOf(from.slice(root.length)) : null;
      if (!fa) continue;
      for (const to of targets) {
        const fb = to.startsWith(root) ? featureOf(to.slice(root.length)) : null;
        if (!fb || fb === fa) continue;
        edges.set(fa, [...new Set([...(edges.get(fa) ?? []), fb])]);
        if (!example.has(`${fa}>${fb}`))
          example.set(`${fa}>${fb}`, `${from.slice(root.length)} -> ${to.slice(root.length)}`);
      }
    }
    return findCycles(edges).map((loop) => {
      const imports = loop.flatMap((a) => loop.flatMap((b) => example.get(`${a}>${b}`) ?? []));
      return `${root}features ${loop.join(' ↔ ')} import each other: ${imports.join(', ')}`;
    });
  });
}

/** Every import cycle (Tarjan's strongly connected components of more than one file, or a file importing itself). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  function connect(file: string) {
    indexOf.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!indexOf.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, indexOf.get(to)!));
    }
    if (low.get(file) !== indexOf.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  }
  for (const file of graph.keys()) if (!indexOf.has(file)) connect(file);
  return cycles;
}
