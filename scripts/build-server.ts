import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// The production server is JavaScript run by node alone (no tsx). The server and
// packages/core are bundled into apps/server/dist; every npm dependency stays an import, resolved
// from node_modules (`npm ci --omit=dev` installs them). Migrations are read from apps/server/drizzle.
const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');
const { dependencies } = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

await build({
  absWorkingDir: server,
  entryPoints: {
    main: 'src/main.ts',
    'backup-cli': 'src/backup-cli.ts',
    'ledger-verify': 'src/ledger-verify-cli.ts',
    seed: 'src/seed/run.ts',
    'owner-reset': 'src/seed/owner-reset.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // A bare import of an npm package (and its subpaths) stays external; @core28/* is bundled.
  external: Object.keys(dependencies).filter((name) => !name.startsWith('@core28/')),
  logLevel: 'warning',
});
console.log('built apps/server/dist (main.js, backup-cli.js, ledger-verify.js, seed.js, owner-reset.js)');
