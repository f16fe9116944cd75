import { slugify } from '@core28/core/blog';
import { SEED_EXERCISES } from '@core28/server/seed/content';
import { SEED_EXTRA_EXERCISES } from '@core28/server/seed/programs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ExerciseDemo } from '../exercise-demo';
import { bodyAt, heightAboveFloor, type Point, turn } from './body';
import { buildDemo } from './build';
import DemoFigure from './demo-figure';
import { PARTS, type Part, placementsOf, transformOf } from './keyframes';
import { DEMOS, NEUTRAL } from './library';
import { type Demo, timeline } from './motion';
import { type Angles, LIMITS, lengthOf, VIEW_H, VIEW_W } from './skeleton';

// The session plan's warm-up and cool-down (contract-17.md, "Demo keys").
const MOVES = [
  'march-in-place',
  'arm-circles',
  'cat-cow',
  'torso-twist',
  'childs-pose',
  'cobra-stretch',
  'knees-to-chest',
  'supine-twist',
];
const ALL = Object.entries({ ...DEMOS, neutral: NEUTRAL });

describe('demonstrations', () => {
  it("exist for every seeded exercise and programs' extra, every warm-up and cool-down move, and nothing else", () => {
    const exercises = [...SEED_EXERCISES, ...SEED_EXTRA_EXERCISES];
    const keys = [...exercises.map((e) => slugify(e.name)), ...MOVES];
    expect(keys).toHaveLength(28 + SEED_EXTRA_EXERCISES.length + 8);
    expect(Object.keys(DEMOS).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(buildDemo(key).name, key).toBe(key);
  });

  it('show the neutral standing figure for an unknown or missing key', () => {
    const neutral = renderToStaticMarkup(<DemoFigure demoKey="neutral" isPaused={false} />);
    expect(neutral).toContain('data-demo-figure="neutral"');
    expect(renderToStaticMarkup(<DemoFigure demoKey="no-such-exercise" isPaused={false} />)).toBe(neutral);
    expect(renderToStaticMarkup(<DemoFigure demoKey={null} isPaused={false} />)).toBe(neutral);
    expect(renderToStaticMarkup(<DemoFigure demoKey="constructor" isPaused={false} />)).toBe(neutral);
  });

  it('pause every moving part when paused, and only then', () => {
    const states = (isPaused: boolean) =>
      [
        ...renderToStaticMarkup(<DemoFigure demoKey="dead-bug" isPaused={isPaused} />).matchAll(
          /animation-play-state:(\w+)/g,
        ),
      ].map((m) => m[1]);
    expect(states(true).length).toBeGreaterThan(5);
    expect(new Set(states(true))).toEqual(new Set(['paused']));
    expect(new Set(states(false))).toEqual(new Set(['running']));
  });

  it('hold one key pose still for reduced motion', () => {
    const html = renderToStaticMarkup(<DemoFigure demoKey="glute-bridge" isPaused={false} />);
    expect(html).toContain(
      '@media (prefers-reduced-motion: reduce){[data-demo-figure] g{animation-name:none!important}}',
    );
    const { animation, line, demo } = buildDemo('glute-bridge');
    for (const part of PARTS) expect(html).toContain(`transform:${animation.still[part]}`);
    // the bridge, not the body lying flat before it
    const top = line.frames.find((f) => f.t === line.keyTimes[demo.still ?? 0])!;
    expect(animation.still.root).toBe(transformOf('root', placementsOf(demo, top).root));
    expect(top.body.hip.y).toBeLessThan(line.frames[0]!.body.hip.y - 10);
  });

  it('label the picture for screen readers and keep a figure on screen while the poses load', () => {
    const html = renderToStaticMarkup(<ExerciseDemo demoKey="crunch" label="Crunch" />);
    expect(html).toMatch(/^<svg[^>]* role="img" aria-label="Demonstration: Crunch" data-demo="crunch"/);
    expect(html).toContain('<circle'); // the standing figure, not an empty frame
    expect(renderToStaticMarkup(<ExerciseDemo demoKey={null} label="Rest" />)).toContain('data-demo="none"');
  });

  describe.each(ALL)('%s', (key, demo) => {
    const line = timeline(demo);
    it('bends every joint within human limits in every frame', () => {
      const limits = { ...LIMITS[demo.view === 'side' ? 'side' : 'front'], ...demo.limits };
      for (const frame of line.frames) {
        const joints: (readonly [string, number, readonly [number, number]])[] = [
          ['spine', frame.angles.spine, limits.spine],
          ['neck', frame.angles.neck, limits.neck],
          ...frame.angles.arms.flatMap(([shoulder, elbow], i) => [
            [`shoulder ${i}`, shoulder, limits.shoulder] as const,
            [`elbow ${i}`, elbow, limits.elbow] as const,
          ]),
          ...frame.angles.legs.flatMap(([hip, knee, ankle = 0], i) => [
            [`hip ${i}`, hip, limits.hip] as const,
            [`knee ${i}`, knee, limits.knee] as const,
            [`ankle ${i}`, ankle, limits.ankle] as const,
          ]),
        ];
        for (const [joint, angle, [min, max]] of joints)
          expect(angle, `${joint} at ${frame.t.toFixed(2)} s`).toSatisfy(
            (a: number) => a >= min - 0.5 && a <= max + 0.5,
          );
      }
    });

    it('stays on the floor and inside the frame', () => {
      for (const frame of line.frames) {
        if (demo.view !== 'top') {
          const height = heightAboveFloor(frame.body, demo.view);
          expect(Math.abs(height), `height above the floor at ${frame.t.toFixed(2)} s`).toBeLessThan(0.6);
        }
      }
      expect(line.box.minX).toBeGreaterThan(0);
      expect(line.box.maxX).toBeLessThan(VIEW_W);
      expect(line.box.minY).toBeGreaterThan(0);
      expect(line.box.maxY).toBeLessThan(VIEW_H);
    });

    it('draws each part where the body model puts it', () => {
      const { animation } = buildDemo(key);
      for (const frame of [line.frames[0]!, line.frames[Math.floor(line.frames.length / 2)]!]) {
        const drawn = drawnJoints(demo, frame.angles, frame.root);
        const body = bodyAt(demo, frame.angles, frame.root);
        for (const side of [0, 1] as const) {
          expect(distanceOf(drawn.wrists[side]!, body.arms[side].end)).toBeLessThan(0.01);
          expect(distanceOf(drawn.ankles[side]!, body.legs[side].end)).toBeLessThan(0.01);
        }
      }
      expect(animation.duration).toBeGreaterThan(0.5);
    });
  });
});

const distanceOf = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The wrists and ankles as the SVG draws them: the parts' translate-then-rotate transforms
 * composed down the nesting of demo-figure.tsx, independently of body.ts.
 */
function drawnJoints(demo: Demo, angles: Angles, root: Point) {
  const placed = placementsOf(demo, { angles, root });
  const chain = (parts: Part[], end: Point) => {
    let m = { x: 0, y: 0, deg: 0 };
    for (const part of parts) {
      const p = placed[part];
      const offset = turn(m.deg, p.x, p.y);
      m = { x: m.x + offset.x, y: m.y + offset.y, deg: m.deg + p.deg };
    }
    const tip = turn(m.deg, end.x, end.y);
    return { x: m.x + tip.x, y: m.y + tip.y };
  };
  return {
    wrists: [0, 1].map((i) =>
      chain(['root', 'upper', i === 0 ? 'arm0' : 'arm1', i === 0 ? 'fore0' : 'fore1'], {
        x: 0,
        y: lengthOf('forearm', demo.scale),
      }),
    ),
    ankles: [0, 1].map((i) =>
      chain(['root', i === 0 ? 'leg0' : 'leg1', i === 0 ? 'shin0' : 'shin1'], {
        x: 0,
        y: lengthOf('shin', demo.scale),
      }),
    ),
  };
}
