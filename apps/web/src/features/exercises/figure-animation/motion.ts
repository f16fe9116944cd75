// From a demo's few key poses to every frame of its loop: each key pose is put on the floor (its
// lowest point touching it, its anchor at one place), and between two key poses the joint angles
// move together while whatever stays put in both (a hand on the floor, the feet of a bridge, the
// hips of a crunch) is held exactly where it is.
import { type Body, bodyAt, contacts, distance, type Point, sidesOf, wrapNear } from './body';
import { type Anchor, type Placing, settle, type Target, targetOf } from './settle';
import { type Angles, type ArmAngles, type LegAngles, type Limits, VIEW_H, VIEW_W } from './skeleton';

/**
 * A key pose as a demo writes it: angles (see `Angles`). A limb may instead stay on the floor
 * where the previous key pose left its hand or foot: 'plant' keeps the limb's length (a straight
 * arm stays straight), 'reach' lets it bend or straighten as the body moves.
 */
export type Hold = 'plant' | 'reach';
export type KeyPose = {
  pelvis: number;
  spine?: number;
  neck?: number;
  arms: readonly [ArmAngles | Hold, ArmAngles | Hold];
  legs: readonly [LegAngles | Hold, LegAngles | Hold];
  /** Seconds held still at this pose. */
  hold?: number;
  /** Seconds moving on to the next pose (the demo's `move` otherwise). */
  move?: number;
  /** 'steady' for a constant speed (pedalling, circling); eased in and out otherwise. */
  pace?: 'eased' | 'steady';
};

export type { Anchor };
export type Demo = Placing & {
  poses: readonly KeyPose[];
  move: number;
  /** The key pose shown still with reduced motion: the one that says most (the first otherwise). */
  still?: number;
  /** Seated facing the camera: the knees come up in front of the body, so the legs are drawn over it. */
  legsInFront?: boolean;
  /** Folded over the thighs (a child's pose): the near leg is drawn under the torso resting on it. */
  legsUnder?: boolean;
  /** Something drawn with the figure: a post it holds on to, the circles its hands draw. */
  prop?: 'post' | 'circles';
  /**
   * Wider limits for joints that a flat picture sees at an angle they do not have: knees dropped to
   * one side seen from above look like hips opened 90°. Each needs its reason beside it.
   */
  limits?: Partial<Limits>;
};

export type Frame = { t: number; angles: Angles; root: Point; body: Body };

const lerp = (a: number, b: number, u: number) => a + (b - a) * u;
const eased = (u: number) => u * u * (3 - 2 * u);

/** The joint angles that keep a limb pointing where it pointed in `before`, on the new torso. */
function sameShape(
  demo: Demo,
  before: Frame,
  limb: 'arm' | 'leg',
  side: 0 | 1,
  pelvis: number,
  spine: number,
) {
  const s = sidesOf(demo.view)[side];
  if (limb === 'arm') {
    const [shoulder, elbow] = before.angles.arms[side];
    const turn1 = before.body.arms[side].turns[0];
    return [wrapNear((turn1 - pelvis - spine) * s.shoulder, shoulder), elbow] as const;
  }
  const [hip, knee, ankle] = before.angles.legs[side];
  return [wrapNear((before.body.legs[side].turns[0] - pelvis) * s.hip, hip), knee, ankle] as const;
}

/** The demo's key poses with every angle known and the body placed. */
export function resolvePoses(demo: Demo): Frame[] {
  const resolved: Frame[] = [];
  for (const [i, pose] of demo.poses.entries()) {
    const previous = resolved[i - 1];
    const pelvis = previous ? wrapNear(pose.pelvis, previous.angles.pelvis) : pose.pelvis;
    const spine = pose.spine ?? 0;
    const targets: Target[] = [];
    const limbAngles = <T>(limb: 'arm' | 'leg', side: 0 | 1, value: T | Hold): T => {
      if (value !== 'plant' && value !== 'reach') return value;
      if (!previous) throw new Error(`Key pose ${i}: nothing to hold ${limb} ${side} on`);
      targets.push(targetOf(demo, previous.body, limb, side, value === 'plant'));
      return sameShape(demo, previous, limb, side, pelvis, spine) as T;
    };
    const authored: Angles = {
      pelvis,
      spine,
      neck: pose.neck ?? 0,
      arms: [limbAngles('arm', 0, pose.arms[0]), limbAngles('arm', 1, pose.arms[1])],
      legs: [limbAngles('leg', 0, pose.legs[0]), limbAngles('leg', 1, pose.legs[1])],
    };
    const { angles, root } = settle(demo, authored, targets, null);
    resolved.push({ t: 0, angles, root, body: bodyAt(demo, angles, root) });
  }
  return resolved;
}

const HELD = 0.75;

/** One frame between key poses a and b, `u` of the way (already eased). */
function between(demo: Demo, a: Frame, b: Frame, u: number): Frame {
  const mix = (x: number, y: number) => lerp(x, y, u);
  const mixed: Angles = {
    pelvis: mix(a.angles.pelvis, wrapNear(b.angles.pelvis, a.angles.pelvis)),
    spine: mix(a.angles.spine, b.angles.spine),
    neck: mix(a.angles.neck, b.angles.neck),
    arms: [0, 1].map((i) => a.angles.arms[i]!.map((v, j) => mix(v, b.angles.arms[i]![j]!))) as never,
    legs: [0, 1].map((i) =>
      [0, 1, 2].map((j) => mix(a.angles.legs[i]![j] ?? 0, b.angles.legs[i]![j] ?? 0)),
    ) as never,
  };
  const held: Target[] = [];
  for (const side of [0, 1] as const) {
    const [armA, armB] = [a.body.arms[side], b.body.arms[side]];
    if (distance(armA.end, armB.end) < HELD) {
      const isRigid = Math.abs(distance(armA.base, armA.end) - distance(armB.base, armB.end)) < 0.5;
      const target = targetOf(demo, a.body, 'arm', side, isRigid);
      held.push(distance(armA.middle, armB.middle) < HELD ? target : { ...target, forearm: null });
    }
    const [legA, legB] = [a.body.legs[side], b.body.legs[side]];
    if (distance(legA.toe, legB.toe) < HELD) {
      const isRigid = Math.abs(distance(legA.base, legA.end) - distance(legB.base, legB.end)) < 0.5;
      const target = targetOf(demo, a.body, 'leg', side, isRigid);
      held.push({ ...target, footTurn: mix(legA.footTurn, legB.footTurn) });
    }
  }
  const fixedKey = (['hip', 'shoulder'] as const).find((key) => distance(a.body[key], b.body[key]) < HELD);
  const { angles, root } = settle(
    demo,
    mixed,
    held,
    fixedKey ? { key: fixedKey, at: a.body[fixedKey] } : null,
  );
  return { t: 0, angles, root, body: bodyAt(demo, angles, root) };
}

export type Box = { minX: number; maxX: number; minY: number; maxY: number };
export type Timeline = { duration: number; keyTimes: number[]; frames: Frame[]; box: Box };

/** Every frame of the loop, sampled finely enough that straight lines between them look smooth. */
export function timeline(demo: Demo): Timeline {
  const keys = resolvePoses(demo);
  const frames: Frame[] = [];
  const keyTimes: number[] = [];
  let t = 0;
  for (const [i, pose] of demo.poses.entries()) {
    const a = keys[i]!;
    const b = keys[(i + 1) % keys.length]!;
    keyTimes.push(t);
    frames.push({ ...a, t });
    if (pose.hold) {
      t += pose.hold;
      frames.push({ ...a, t });
    }
    const move = pose.move ?? demo.move;
    const steps = Math.max(4, Math.ceil(move * 16));
    for (let s = 1; s < steps; s++) {
      const u = s / steps;
      frames.push({ ...between(demo, a, b, pose.pace === 'steady' ? u : eased(u)), t: t + move * u });
    }
    t += move;
  }
  const first = keys[0]!;
  const last = frames[frames.length - 1]!;
  const angles = { ...first.angles, pelvis: wrapNear(first.angles.pelvis, last.angles.pelvis) };
  frames.push({ ...first, angles, t });
  return { duration: t, keyTimes, ...centre(demo, frames) };
}

/** Shift the whole loop to the middle of the frame (from above, vertically too). */
function centre(demo: Demo, frames: Frame[]): { frames: Frame[]; box: Box } {
  const points = frames.flatMap((f) => contacts(f.body, demo.view));
  const minX = Math.min(...points.map(({ p, r }) => p.x - r));
  const maxX = Math.max(...points.map(({ p, r }) => p.x + r));
  const minY = Math.min(...points.map(({ p, r }) => p.y - r));
  const maxY = Math.max(...points.map(({ p, r }) => p.y + r));
  const dx = VIEW_W / 2 - (minX + maxX) / 2;
  const dy = demo.view === 'top' ? VIEW_H / 2 - (minY + maxY) / 2 : 0;
  return {
    frames: frames.map((f) => {
      const root = { x: f.root.x + dx, y: f.root.y + dy };
      return { ...f, root, body: bodyAt(demo, f.angles, root) };
    }),
    box: { minX: minX + dx, maxX: maxX + dx, minY: minY + dy, maxY: maxY + dy },
  };
}
