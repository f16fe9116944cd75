// Exercises on the back, head to the left (side view unless said): legs lifted, the hollow shape,
// the V-up and the dragon flag.
import type { Demo } from './motion';
import { both, type Drawn, front, pair, rotated, side } from './pose';

const UNDER_HIPS = [-14, -4] as const; // hands tucked under the hips

const hollow: Drawn = {
  torso: [180, 160],
  head: 152,
  arms: both([160, 160]), // overhead, in line with the upper back
  legs: both([16, 16, 60]),
};

const flutter = (high: 0 | 1) =>
  side({
    torso: [180, 172],
    head: 165,
    arms: both(UNDER_HIPS),
    legs: high === 0 ? pair([18, 18, 58], [6, 6, 46]) : pair([6, 6, 46], [18, 18, 58]),
  });

// Scissor kicks from above (the legs cross over each other sideways): [below, above] in the picture.
const scissor = (spread: number) =>
  front({ torso: 180, arms: pair([4, 6], [-4, -6]), legs: pair([-spread, -spread], [spread, spread]) });

export const LYING_LEGS: Record<string, Demo> = {
  'hollow-body-hold': {
    view: 'side',
    anchor: 'hip',
    move: 1.4,
    poses: [side({ ...hollow, hold: 0.8 }), side({ ...hollow, torso: [180, 158], head: 151, hold: 0.8 })],
  },
  'flutter-kicks': { view: 'side', anchor: 'hip', move: 0.35, poses: [flutter(0), flutter(1)] },
  'scissor-kicks': { view: 'top', anchor: 'hip', move: 0.4, poses: [scissor(10), scissor(-7)] },
  'leg-raises': {
    still: 1,
    view: 'side',
    anchor: 'hip',
    move: 1.3,
    poses: [
      side({ torso: 180, arms: both(UNDER_HIPS), legs: both([6, 6, 40]), hold: 0.3 }),
      side({ torso: 180, arms: both(UNDER_HIPS), legs: both([88, 88]), hold: 0.3, move: 1.8 }),
    ],
  },
  'hollow-body-rocks': {
    view: 'side',
    anchor: 'hip',
    move: 0.6,
    poses: [side(rotated(hollow, 12)), side(rotated(hollow, -10))],
  },
  'v-ups': {
    still: 1,
    view: 'side',
    anchor: 'hip',
    move: 0.9,
    poses: [
      side({ torso: 180, arms: both([176, 176]), legs: both([3, 3, 40]), hold: 0.3 }),
      side({
        torso: [128, 118],
        head: 115,
        arms: both([48, 48]),
        legs: both([58, 58, 100]),
        hold: 0.3,
        move: 1.2,
      }),
    ],
  },
  'dragon-flag-negatives-bent-knee': {
    view: 'side',
    anchor: 'shoulder',
    prop: 'post',
    move: 0.9,
    poses: [
      // Up on the upper back, hands on a post behind the head; the slow lowering (stopping while
      // the feet are still off the floor), then knees in and back up.
      side({
        torso: [265, 225],
        head: 180,
        arms: both([140, 200]),
        legs: both([80, -10]),
        hold: 0.5,
        move: 3.2,
      }),
      side({ torso: [215, 200], head: 182, arms: both('plant'), legs: both([35, -55]), hold: 0.2 }),
      side({ torso: [235, 205], head: 182, arms: both('plant'), legs: both([125, 30]) }),
    ],
  },
};
