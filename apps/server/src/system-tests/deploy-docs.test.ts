import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HANDLED_EVENTS } from '../features/subscriptions/events.ts';

// The operator's instructions (docs/operations.md) say what the deploy files and the code do.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const readme = read('README.md');
const operations = read('docs/operations.md');

describe('the runtime', () => {
  it('is one Node version: the pinned devDependency, the image, the README', () => {
    const pkg = JSON.parse(read('package.json'));
    const pinned: string = pkg.devDependencies.node;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(/^ARG NODE_IMAGE=node:(\S+)-bookworm-slim$/m.exec(read('Dockerfile'))?.[1]).toBe(pinned);
    expect(readme).toContain(`Node ${pinned}`);
    const [major] = pinned.split('.');
    expect(pkg.engines.node).toMatch(new RegExp(`^\\^${major}\\.`));
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
  });

  it('is the Node these tests run on', () => {
    expect(process.version).toBe(`v${JSON.parse(read('package.json')).devDependencies.node}`);
  });
});

describe("docs/operations.md's Deploying section", () => {
  it('gives the stop timeout the systemd unit and the compose file have', () => {
    const unit = /^TimeoutStopSec=(\d+)$/m.exec(read('deploy/core28.service'))?.[1];
    const compose = /stop_grace_period: (\d+)s/.exec(read('compose.yaml'))?.[1];
    expect(unit).toBeDefined();
    expect(compose).toBe(unit);
    expect([...operations.matchAll(/TimeoutStopSec=(\d+)/g)].map((m) => m[1])).toEqual([unit]);
    expect(operations.replace(/\s+/g, ' ')).toContain(`give it ${unit} s before SIGKILL`);
  });

  it('lists exactly the Stripe events the webhook acts on', () => {
    const section = operations.slice(
      operations.indexOf('### Stripe'),
      operations.indexOf('### What to alert on'),
    );
    const listed = [...section.matchAll(/`([a-z_]+(?:\.[a-z_]+)+)`/g)].map((m) => m[1]);
    expect(new Set(listed)).toEqual(new Set(HANDLED_EVENTS));
  });
});

/**
 * compose.yaml's services, each as the text of its block; a service written `name: *anchor` reads as
 * the anchor's block. Enough YAML for this file, which the repository has no parser for.
 */
function composeServices(compose: string): Map<string, string> {
  const lines = compose.split('\n');
  const blockAfter = (start: number, indent: number) => {
    const body: string[] = [];
    for (const line of lines.slice(start + 1)) {
      if (line.trim() !== '' && line.search(/\S/) <= indent) break;
      body.push(line);
    }
    return body.join('\n');
  };
  const anchors = new Map<string, string>();
  for (const [i, line] of lines.entries()) {
    const [, indent, anchor] = /^( *)[\w-]+: &([\w-]+)$/.exec(line) ?? [];
    if (indent !== undefined && anchor) anchors.set(anchor, blockAfter(i, indent.length));
  }
  const services = new Map<string, string>();
  const start = lines.indexOf('services:');
  for (const [i, line] of lines.entries()) {
    if (start < 0 || i <= start) continue;
    if (/^[^\s#]/.test(line)) break;
    const [, name, alias] = /^ {2}([\w-]+):(?: \*([\w-]+))?$/.exec(line) ?? [];
    if (name) services.set(name, alias ? (anchors.get(alias) ?? '') : blockAfter(i, 2));
  }
  return services;
}

/** Whether Docker leaves `file` out of the build context: .dockerignore's rules, the last match wins. */
function dockerignored(dockerignore: string): (file: string) => boolean {
  const rules = dockerignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const isException = line.startsWith('!');
      const parts = path.posix.normalize(line.replace(/^!\s*/, '').replace(/^\/+/, '')).split('/');
      const source = parts
        .map((part, i) => {
          const isLast = i === parts.length - 1;
          // `**` is any number of folders, none included.
          if (part === '**') return isLast ? '.*' : '(?:.*/)?';
          const glob = part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]');
          return isLast ? glob : `${glob}/`;
        })
        .join('');
      return { isException, pattern: new RegExp(`^${source}$`) };
    });
  return (file) => {
    // A folder left out takes everything in it along.
    const selfAndParents = file.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
    let isIgnored = false;
    for (const rule of rules) {
      if (selfAndParents.some((p) => rule.pattern.test(p))) isIgnored = !rule.isException;
    }
    return isIgnored;
  };
}

describe('compose.yaml', () => {
  const compose = read('compose.yaml');
  const services = composeServices(compose);

  it('refuses to start without the VAPID keys, saying how to make them', () => {
    // Unset, every instance and every re-creation makes its own pair: push breaks on every device.
    for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']) {
      expect(compose).toMatch(
        new RegExp(`^ +${key}: "\\$\\{${key}:\\?[^}]*npx web-push generate-vapid-keys\\}"$`, 'm'),
      );
    }
    const section = operations.slice(
      operations.indexOf('### Docker Compose'),
      operations.indexOf('### systemd'),
    );
    expect(section).toContain('npx web-push generate-vapid-keys');
  });

  it('reads no variable deploy/compose.env.example does not show', () => {
    const example = read('deploy/compose.env.example');
    const used = new Set([...compose.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]));
    const shown = [...used].filter((name) => new RegExp(`^(?:# )?${name}=`, 'm').test(example));
    expect(shown).toEqual([...used]);
  });

  it('runs every service read-only, without capabilities or privilege gains, with rotated logs', () => {
    expect([...services.keys()]).toEqual(expect.arrayContaining(['app1', 'app2', 'db', 'proxy']));
    for (const [name, block] of services) {
      expect(block, name).toMatch(/^ +read_only: true$/m);
      expect(block, name).toMatch(/^ +tmpfs:$/m);
      expect(block, name).toMatch(/^ +cap_drop: \[ALL\]$/m);
      expect(block, name).toMatch(/^ +security_opt: \[no-new-privileges:true\]$/m);
      expect(block, name).toMatch(/^ +logging: .*driver: json-file.*max-size: \d+m.*max-file: "\d+"/m);
      // A capability given back is the exception: a comment in the service says why.
      const comments = block
        .split('\n')
        .filter((line) => line.trim().startsWith('#'))
        .join('\n');
      const added = /^ +cap_add: \[(.*)\]$/m.exec(block)?.[1]?.split(',') ?? [];
      for (const cap of added.map((c) => c.trim())) expect(comments, `${name} adds ${cap}`).toContain(cap);
    }
  });

  it('takes every base image from a variable that can pin it by digest, as the Dockerfile does', () => {
    const dockerfile = read('Dockerfile');
    for (const [name, block] of services) {
      expect(block, name).toMatch(
        /^ +(?:image: \$\{[A-Z]+_IMAGE:-[^}]+\}|NODE_IMAGE: \$\{NODE_IMAGE:-[^}]+\})$/m,
      );
    }
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms.length).toBeGreaterThan(0);
    for (const from of froms) expect(from).toMatch(/^\$\{NODE_IMAGE\}$/);
    // compose.yaml repeats the Dockerfile's default tag: the two must not drift apart.
    const nodeDefault = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
    expect(nodeDefault).toBeDefined();
    expect(compose).toContain(`NODE_IMAGE: \${NODE_IMAGE:-${nodeDefault}}`);
    const section = operations.slice(
      operations.indexOf('### Docker Compose'),
      operations.indexOf('### systemd'),
    );
    for (const name of ['NODE_IMAGE', 'POSTGRES_IMAGE', 'CADDY_IMAGE', 'imagetools inspect']) {
      expect(section).toContain(name);
    }
  });
});

describe('.dockerignore', () => {
  const isIgnored = dockerignored(existsSync(path.join(ROOT, '.dockerignore')) ? read('.dockerignore') : '');

  it('keeps dependencies, history, data, backups, secrets and test output out of the image', () => {
    const kept = [
      'node_modules/hono/package.json',
      'apps/web/node_modules/.vite/deps.json',
      '.git/config',
      'data/pg/PG_VERSION',
      'data/auth-secret',
      'backups/core28.tar.gz',
      '.env',
      'apps/server/.env.local',
      'test-results/trace.zip',
      'playwright-report/index.html',
      'coverage/lcov.info',
      'bench/.data/pg/PG_VERSION',
      'server.log',
    ].filter((file) => !isIgnored(file));
    expect(kept).toEqual([]);
  });

  it('leaves in every file the Dockerfile copies from the checkout', () => {
    const copies = [...read('Dockerfile').matchAll(/^COPY (.+)$/gm)].map(([, args = '']) => {
      const words = args.split(/\s+/);
      const paths = words.filter((word) => !word.startsWith('--'));
      return {
        from: words.find((word) => word.startsWith('--from='))?.slice(7),
        sources: paths.slice(0, -1),
      };
    });
    // From the context: `COPY x y`, and `COPY --from=build /app/x y` through the build stage's
    // `COPY . .`, except the dist folders `npm run build` makes there; `--from=deps`: installed there.
    const fromContext = copies
      .filter(({ from }) => from === undefined)
      .flatMap(({ sources }) => sources)
      .filter((source) => source !== '.');
    const throughBuild = copies
      .filter(({ from }) => from === 'build')
      .flatMap(({ sources }) => sources.map((source) => source.replace(/^\/app\//, '')))
      .filter((source) => !/(?:^|\/)dist$/.test(source));
    expect(fromContext).toContain('apps/server/package.json');
    expect(throughBuild).toEqual(expect.arrayContaining(['packages/core', 'apps/server/drizzle']));
    const files = [...fromContext, ...throughBuild].flatMap((source) =>
      statSync(path.join(ROOT, source)).isDirectory()
        ? readdirSync(path.join(ROOT, source), { recursive: true, encoding: 'utf8' })
            .map((file) => `${source}/${file}`)
            .filter((file) => !file.split('/').includes('node_modules'))
        : [source],
    );
    expect(files.filter(isIgnored)).toEqual([]);
  });
});
