// Putting a posed body on the floor, with some of its hands and feet held where they were.
import {
  type Body,
  bodyAt,
  contacts,
  distance,
  type Figure,
  footScale,
  heightAboveFloor,
  type Point,
  reach,
  sidesOf,
  turn,
  wrapNear,
} from './body';
import {
  type Angles,
  type ArmAngles,
  FLOOR_Y,
  type LegAngles,
  lengthOf,
  TOE,
  VIEW_H,
  WIDTHS,
} from './skeleton';

export type Anchor = 'hip' | 'shoulder' | 'head' | 'hands' | 'feet' | 'knees';
export type Placing = Figure & { anchor: Anchor };

/**
 * A hand or foot that stays where it is. A rigid one keeps its limb as long as it is (a straight
 * leg under a breathing plank); a loose one lets the limb bend (the knees of a rising bridge). A
 * forearm flat on the floor keeps its elbow there too.
 */
export type Target = {
  limb: 'arm' | 'leg';
  side: 0 | 1;
  end: Point;
  footTurn: number;
  isRigid: boolean;
  forearm: { elbow: Point; turn: number } | null;
};

const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

export function anchorOf(body: Body, anchor: Anchor): Point {
  if (anchor === 'hands') return mid(body.arms[0].end, body.arms[1].end);
  if (anchor === 'feet') return mid(body.legs[0].toe, body.legs[1].toe);
  if (anchor === 'knees') return mid(body.legs[0].middle, body.legs[1].middle);
  return body[anchor];
}

/** Which limb the i-th point of `contacts()` belongs to: 4 torso points, 3 per arm, 5 per leg. */
const limbOfContact = (i: number) =>
  i < 4 ? 'torso' : i < 10 ? `arm${Math.floor((i - 4) / 3)}` : `leg${Math.floor((i - 10) / 5)}`;

/** The root that puts the anchor at x = 0 and the lowest point (of the limbs not skipped) on the
 * floor; from above, the middle of the frame. */
export function place(demo: Placing, angles: Angles, skip: (limb: string) => boolean = () => false): Point {
  const body = bodyAt(demo, angles, { x: 0, y: 0 });
  const x = -anchorOf(body, demo.anchor).x;
  if (demo.view === 'top') return { x, y: VIEW_H / 2 };
  const points = contacts(body, demo.view).filter((_, i) => !skip(limbOfContact(i)));
  return { x, y: FLOOR_Y - Math.max(...points.map(({ p, r }) => p.y + r)) };
}

const ELBOW_DOWN = 1.5;

/** Hold this hand or foot of `body` where it is. */
export function targetOf(
  demo: Figure,
  body: Body,
  limb: 'arm' | 'leg',
  side: 0 | 1,
  isRigid: boolean,
): Target {
  if (limb === 'leg') {
    const leg = body.legs[side];
    return { limb, side, end: leg.toe, footTurn: leg.footTurn, isRigid, forearm: null };
  }
  const arm = body.arms[side];
  const isElbowDown = demo.view !== 'top' && FLOOR_Y - arm.middle.y - WIDTHS.upperArm / 2 < ELBOW_DOWN;
  return {
    limb,
    side,
    end: arm.end,
    footTurn: 0,
    isRigid,
    forearm: isRigid && isElbowDown ? { elbow: arm.middle, turn: arm.turns[1] } : null,
  };
}

/** Where a held foot's ankle goes: its toes on the target, the foot at its angle. */
function ankleFor(demo: Figure, { side, end, footTurn }: Target): Point {
  const f = footScale(demo.view) * sidesOf(demo.view)[side].mirror;
  const toe = turn(footTurn, TOE.x * f, TOE.y);
  return { x: end.x - toe.x, y: end.y - toe.y };
}

/** The point a held limb's base must stay the limb's length away from, and that length. */
function reachOf(demo: Figure, origin: Body, h: Target) {
  if (h.limb === 'leg') {
    const leg = origin.legs[h.side];
    return { base: leg.base, end: ankleFor(demo, h), length: distance(leg.base, leg.end) };
  }
  const arm = origin.arms[h.side];
  if (h.forearm) return { base: arm.base, end: h.forearm.elbow, length: lengthOf('upperArm', demo.scale) };
  return { base: arm.base, end: h.end, length: distance(arm.base, arm.end) };
}

/**
 * The root that keeps every rigid held limb as long as it is: least squares, with a light pull
 * toward `start` so that one held limb (a circle of places), or two nearly alike (the legs), leave
 * the body where it was rather than somewhere far along the circle.
 */
function fitRoot(demo: Figure, angles: Angles, targets: Target[], start: Point): Point {
  const origin = bodyAt(demo, angles, { x: 0, y: 0 });
  const limbs = targets.map((h) => reachOf(demo, origin, h));
  let root = start;
  const pull = 0.02;
  for (let round = 0; round < 60; round++) {
    let [a, b, c, gx, gy] = [pull, 0, pull, pull * (root.x - start.x), pull * (root.y - start.y)];
    for (const limb of limbs) {
      const dx = limb.end.x - root.x - limb.base.x;
      const dy = limb.end.y - root.y - limb.base.y;
      const n = Math.hypot(dx, dy) || 1e-9;
      const [jx, jy, f] = [-dx / n, -dy / n, n - limb.length];
      a += jx * jx;
      b += jx * jy;
      c += jy * jy;
      gx += jx * f;
      gy += jy * f;
    }
    const det = a * c - b * b;
    root = { x: root.x - (c * gx - b * gy) / det, y: root.y - (a * gy - b * gx) / det };
  }
  return root;
}

/** Bend the held limbs so their hands and toes land on their targets. */
function holdLimbs(demo: Figure, angles: Angles, root: Point, targets: Target[]): Angles {
  const body = bodyAt(demo, angles, root);
  const sides = sidesOf(demo.view);
  const arms = [...angles.arms] as [ArmAngles, ArmAngles];
  const legs = [...angles.legs] as [LegAngles, LegAngles];
  for (const h of targets) {
    const s = sides[h.side];
    if (h.limb === 'arm' && h.forearm) {
      const base = body.arms[h.side].base;
      const upperTurn =
        Math.atan2(-(h.forearm.elbow.x - base.x), h.forearm.elbow.y - base.y) * (180 / Math.PI);
      const shoulder = wrapNear((upperTurn - body.upperTurn) * s.shoulder, arms[h.side][0]);
      arms[h.side] = [shoulder, wrapNear((h.forearm.turn - upperTurn) * s.elbow, arms[h.side][1])];
    } else if (h.limb === 'arm') {
      arms[h.side] = reach({
        base: body.arms[h.side].base,
        target: h.end,
        lengths: [lengthOf('upperArm', demo.scale), lengthOf('forearm', demo.scale)],
        parentTurn: body.upperTurn,
        signs: [s.shoulder, s.elbow],
        current: [arms[h.side][0], arms[h.side][1]],
      });
    } else {
      const [hip, knee] = reach({
        base: body.legs[h.side].base,
        target: ankleFor(demo, h),
        lengths: [lengthOf('thigh', demo.scale), lengthOf('shin', demo.scale)],
        parentTurn: angles.pelvis,
        signs: [s.hip, s.knee],
        current: [legs[h.side][0], legs[h.side][1]],
      });
      const shinTurn = angles.pelvis + s.hip * hip + s.knee * knee;
      legs[h.side] = [hip, knee, wrapNear((h.footTurn - shinTurn) * s.ankle, legs[h.side][2] ?? 0)];
    }
  }
  return { ...angles, arms, legs };
}

/**
 * Put a body on the floor with some hands or feet held on targets. It rests on whichever is higher,
 * its rigid held limbs or its other contacts (a plank on its hands and toes, a bridge on its
 * shoulders), neither sinks through the floor nor floats above it, and the held limbs bend to
 * reach their targets.
 * `fixed` pins the hips or shoulders where they are instead.
 */
export function settle(
  demo: Placing,
  start: Angles,
  targets: Target[],
  fixed: { key: 'hip' | 'shoulder'; at: Point } | null,
): { angles: Angles; root: Point } {
  let angles = start;
  const origin = bodyAt(demo, angles, { x: 0, y: 0 });
  let root: Point;
  if (fixed) {
    root = { x: fixed.at.x - origin[fixed.key].x, y: fixed.at.y - origin[fixed.key].y };
  } else {
    root = place(demo, angles, (limb) => targets.some((h) => `${h.limb}${h.side}` === limb));
    const rigid = targets.filter((h) => h.isRigid);
    if (rigid.length > 0) {
      const near = rigid.map((h) => {
        const end = h.limb === 'arm' ? origin.arms[h.side].end : origin.legs[h.side].toe;
        return { x: h.end.x - end.x, y: h.end.y - end.y };
      });
      const start = {
        x: near.reduce((sum, p) => sum + p.x, 0) / near.length,
        y: near.reduce((sum, p) => sum + p.y, 0) / near.length,
      };
      const fit = fitRoot(demo, angles, rigid, start);
      if (demo.view === 'top' || fit.y < root.y) root = fit;
    }
  }
  for (let round = 0; round < 6; round++) {
    angles = holdLimbs(demo, angles, root, targets);
    if (demo.view === 'top') break;
    const height = heightAboveFloor(bodyAt(demo, angles, root), demo.view);
    if (Math.abs(height) < 0.05) break;
    root = { x: root.x, y: root.y + height }; // down onto the floor, or up out of it
  }
  return { angles, root };
}
