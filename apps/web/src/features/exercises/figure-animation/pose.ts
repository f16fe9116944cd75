// Key poses are written the way one draws them: the direction each bone points on the page, in
// degrees like a compass rose turned to maths (0 right, 90 up, 180 left, -90 down). `posed` turns
// that into joint angles, which is what moves between key poses and what the limits check, so a
// knee drawn bending backwards shows up as a negative knee angle.
import { sidesOf } from './body';
import type { Hold, KeyPose } from './motion';
import type { View } from './skeleton';

type ArmDirs = readonly [upperArm: number, forearm: number];
/** Thigh, shin and, where it matters, the foot (heel → toes). */
type LegDirs = readonly [thigh: number, shin: number, foot?: number];

export type Drawn = {
  /** The lower torso (hip → waist) and the upper (waist → shoulders); one number for a straight back. */
  torso: number | readonly [lower: number, upper: number];
  /** Shoulders → head; in line with the upper torso when left out. */
  head?: number;
  arms: readonly [ArmDirs | Hold, ArmDirs | Hold];
  legs: readonly [LegDirs | Hold, LegDirs | Hold];
} & Pick<KeyPose, 'hold' | 'move' | 'pace'>;

// Screen rotation (CSS rotate) of a bone drawn downward from its joint, of one drawn upward, and of
// a foot drawn along +x, that points it in the compass direction `deg`.
const down = (deg: number) => -90 - deg;
const up = (deg: number) => 90 - deg;
const along = (deg: number) => -deg; // a mirrored foot (front view, image left): 180 - deg
/** An angle in [from, from + 360): a shoulder reaches from behind the body (-60) to overhead (180). */
const norm = (deg: number, from = -180) => ((((deg - from) % 360) + 360) % 360) + from;

export function posed(view: View, drawn: Drawn): KeyPose {
  const sides = sidesOf(view);
  const [lower, upper] = typeof drawn.torso === 'number' ? [drawn.torso, drawn.torso] : drawn.torso;
  const pelvis = norm(up(lower));
  const upperTurn = up(upper);
  const arm = (i: 0 | 1) => {
    const dirs = drawn.arms[i];
    if (dirs === 'plant' || dirs === 'reach') return dirs;
    const [t1, t2] = [down(dirs[0]), down(dirs[1])];
    return [norm((t1 - upperTurn) * sides[i].shoulder, -90), norm((t2 - t1) * sides[i].elbow)] as const;
  };
  const leg = (i: 0 | 1) => {
    const dirs = drawn.legs[i];
    if (dirs === 'plant' || dirs === 'reach') return dirs;
    const [t1, t2] = [down(dirs[0]), down(dirs[1])];
    const foot = dirs[2];
    const footTurn = foot === undefined ? t2 : sides[i].mirror === 1 ? along(foot) : 180 - foot;
    const ankle = norm((footTurn - t2) * sides[i].ankle);
    return [norm((t1 - up(lower)) * sides[i].hip), norm((t2 - t1) * sides[i].knee), ankle] as const;
  };
  return {
    pelvis,
    spine: norm(upperTurn - up(lower)),
    neck: drawn.head === undefined ? 0 : norm(up(drawn.head) - upperTurn),
    arms: [arm(0), arm(1)],
    legs: [leg(0), leg(1)],
    hold: drawn.hold,
    move: drawn.move,
    pace: drawn.pace,
  };
}

/** The same pose with the sides exchanged: the other arm and leg do the move. */
export const swap = (pose: KeyPose, extra: Partial<KeyPose> = {}): KeyPose => ({
  ...pose,
  arms: [pose.arms[1], pose.arms[0]],
  legs: [pose.legs[1], pose.legs[0]],
  ...extra,
});

export const side = (drawn: Drawn) => posed('side', drawn);
export const front = (drawn: Drawn) => posed('front', drawn);

/** A drawn pose with every bone turned by `deg` (a rigid body rocking). */
export function rotated(drawn: Drawn, deg: number): Drawn {
  const turnAll = <T extends readonly (number | undefined)[] | Hold>(dirs: T): T =>
    (typeof dirs === 'string' ? dirs : dirs.map((d) => (d === undefined ? d : d + deg))) as T;
  const [lower, upper] = typeof drawn.torso === 'number' ? [drawn.torso, drawn.torso] : drawn.torso;
  return {
    ...drawn,
    torso: [lower + deg, upper + deg],
    head: (drawn.head ?? upper) + deg,
    arms: [turnAll(drawn.arms[0]), turnAll(drawn.arms[1])],
    legs: [turnAll(drawn.legs[0]), turnAll(drawn.legs[1])],
  };
}

/** The same arm or leg on both sides. */
export const both = <T>(limb: T) => [limb, limb] as const;
/** Two different: [near, far] in a side view, [image left, image right] in a front view. */
export const pair = <A, B>(first: A, second: B) => [first, second] as const;
