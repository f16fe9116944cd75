import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HANDLED_EVENTS } from './features/subscriptions/events.ts';

// Issue 19: the README's operator instructions say what the deploy files and the code do.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const readme = read('README.md');

describe("the README's Deploying section", () => {
  it('gives the stop timeout the systemd unit and the compose file have', () => {
    const unit = /^TimeoutStopSec=(\d+)$/m.exec(read('deploy/core28.service'))?.[1];
    const compose = /stop_grace_period: (\d+)s/.exec(read('compose.yaml'))?.[1];
    expect(unit).toBeDefined();
    expect(compose).toBe(unit);
    expect([...readme.matchAll(/TimeoutStopSec=(\d+)/g)].map((m) => m[1])).toEqual([unit]);
    expect(readme).toContain(`give it ${unit} s before\nSIGKILL`);
  });

  it('lists exactly the Stripe events the webhook acts on', () => {
    const section = readme.slice(readme.indexOf('### Stripe'), readme.indexOf('### What to alert on'));
    const listed = [...section.matchAll(/`([a-z_]+(?:\.[a-z_]+)+)`/g)].map((m) => m[1]);
    expect(new Set(listed)).toEqual(new Set(HANDLED_EVENTS));
  });
});
