// The programs beyond Core28, as data for the programs tables to be seeded from (seed.ts). Core28
// itself stays what it is: its days (program_exercises, made from program_days by migration 0022),
// day N on the Nth of SEED_EXERCISES with core's defaultPrescription. A day is its exercises in
// order, each with its own sets, one measure (work seconds for a time exercise, target reps for a
// reps one) and the rest between its sets. programs.test.ts checks the names, measures and bounds,
// and each program's promise (Foundations shorter, Round 2+ at least Core28's holds and reps,
// Express about 10 minutes of work in a circuit).
export { SEED_EXTRA_EXERCISES } from './program-exercises.ts';

export type SeedProgramItem = {
  exercise: string;
  sets: number;
  workSeconds?: number;
  targetReps?: number;
  restSeconds: number;
};
export type SeedProgram = {
  slug: string;
  name: string;
  level: 'beginner' | 'intermediate' | 'advanced';
  description: string;
  days: SeedProgramItem[][];
};

const hold = (exercise: string, sets: number, workSeconds: number, restSeconds: number): SeedProgramItem => ({
  exercise,
  sets,
  workSeconds,
  restSeconds,
});
const reps = (exercise: string, sets: number, targetReps: number, restSeconds: number): SeedProgramItem => ({
  exercise,
  sets,
  targetReps,
  restSeconds,
});

// Three weeks of short sessions (12 to 15 minutes with the warm-up and cool-down): knee planks and
// bent-knee work first, the full Week 1 moves of Core28 by the third week.
const FOUNDATIONS: SeedProgramItem[][] = [
  // Week 1: learn to brace and breathe
  [reps('Bent-Knee Dead Bug', 3, 8, 30), hold('Knee Plank', 3, 20, 30), reps('Half Bridge', 2, 10, 30)],
  [reps('Half Bridge', 3, 10, 30), reps('Bird Dog', 2, 8, 30), hold('Knee Plank', 2, 20, 30)],
  [hold('Knee Plank', 3, 20, 30), reps('Heel Taps', 3, 12, 30)],
  [
    reps('Bent-Knee Dead Bug', 3, 10, 30),
    hold('Side Plank (Knees)', 2, 30, 30),
    reps('Half Bridge', 2, 12, 30),
  ],
  [reps('Kneeling Shoulder Taps', 3, 10, 30), reps('Crunch', 2, 10, 30), reps('Half Bridge', 2, 12, 30)],
  [reps('Bird Dog', 3, 10, 30), hold('Knee Plank', 3, 25, 30)],
  [
    reps('Bent-Knee Dead Bug', 3, 10, 30),
    reps('Heel Taps', 2, 16, 30),
    hold('Side Plank (Knees)', 2, 30, 30),
  ],
  // Week 2: a little longer, a little more
  [reps('Half Bridge', 3, 10, 30), reps('Bent-Knee Dead Bug', 3, 12, 30), hold('Knee Plank', 2, 30, 30)],
  [hold('Knee Plank', 3, 30, 30), reps('Kneeling Shoulder Taps', 3, 12, 30)],
  [reps('Glute Bridge', 3, 10, 30), reps('Bird Dog', 3, 10, 30), hold('Side Plank (Knees)', 2, 30, 30)],
  [reps('Crunch', 3, 12, 30), reps('Heel Taps', 2, 16, 30), hold('Knee Plank', 2, 30, 30)],
  [reps('Bent-Knee Dead Bug', 3, 12, 30), hold('Side Plank (Knees)', 3, 30, 30)],
  [reps('Kneeling Shoulder Taps', 3, 12, 30), reps('Glute Bridge', 3, 10, 30), hold('Knee Plank', 2, 30, 30)],
  [reps('Bird Dog', 3, 12, 30), reps('Crunch', 3, 12, 30)],
  // Week 3: the full versions
  [reps('Dead Bug', 3, 10, 30), hold('Forearm Plank', 3, 20, 30), reps('Glute Bridge', 2, 15, 30)],
  [hold('Knee Plank', 3, 40, 30), reps('Reverse Crunch', 3, 10, 30)],
  [reps('Glute Bridge', 3, 15, 30), reps('Bird Dog', 2, 12, 30), hold('Side Plank (Knees)', 2, 40, 30)],
  [hold('Forearm Plank', 3, 25, 30), reps('Heel Taps', 3, 20, 30)],
  [reps('Dead Bug', 3, 12, 30), reps('Kneeling Shoulder Taps', 2, 16, 30), reps('Reverse Crunch', 2, 10, 30)],
  [hold('Side Plank (Knees)', 3, 40, 30), reps('Crunch', 3, 15, 30)],
  [reps('Dead Bug', 3, 12, 30), hold('Forearm Plank', 3, 30, 30), reps('Glute Bridge', 2, 12, 30)],
];

// Core28's four weeks again with harder variations and longer holds, one or two exercises a day;
// every hold and rep count at least the Core28 day's (defaultPrescription).
const ROUND_2: SeedProgramItem[][] = [
  // Week 1: Foundation
  [reps('Straight-Leg Dead Bug', 6, 20, 60)],
  [hold('Long-Lever Plank', 6, 60, 60)],
  [reps('Single-Leg Glute Bridge', 6, 20, 60)],
  [hold('Bear Crawl Hold', 6, 60, 60)],
  [reps('Bicycle Crunch', 4, 24, 45), hold('Hollow Body Hold', 3, 60, 60)],
  [reps('V-Up (Tuck)', 4, 20, 45), hold('Long-Lever Plank', 3, 60, 60)],
  [hold('Side Plank', 6, 60, 60)],
  // Week 2: Strength
  [reps('Reverse Crunch', 4, 24, 45), reps('Leg Raises', 3, 20, 60)],
  [reps('Bicycle Crunch', 4, 30, 45), hold('Hollow Body Hold', 3, 60, 60)],
  [reps('Bear Plank Shoulder Taps', 7, 20, 45)],
  [hold('Hollow Body Hold', 7, 60, 60)],
  [hold('Star Side Plank', 7, 60, 45)],
  [hold('Flutter Kicks', 4, 60, 45), reps('Straight-Leg Dead Bug', 3, 20, 45)],
  [reps('Russian Twist', 4, 30, 45), reps('Side Plank Hip Dips', 3, 20, 45)],
  // Week 3: Power
  [hold('Mountain Climbers', 5, 60, 45), hold('Long-Lever Plank', 3, 60, 45)],
  [hold('Plank Jacks', 4, 60, 45), reps('Plank to Pike', 4, 20, 45)],
  [reps('V-Ups', 5, 20, 60), hold('Hollow Body Hold', 2, 60, 60)],
  [reps('Plank Up-Downs', 6, 20, 60)],
  [reps('Scissor Kicks', 4, 30, 45), reps('Leg Raises', 4, 20, 45)],
  [reps('Side Plank Hip Dips', 4, 24, 45), hold('Star Side Plank', 3, 60, 45)],
  [hold('Bear Crawl Hold', 4, 75, 45), reps('Bear Plank Shoulder Taps', 4, 20, 45)],
  // Week 4: Mastery
  [reps('Hollow Body Rocks', 5, 24, 45), hold('Hollow Body Hold', 3, 75, 60)],
  [reps('V-Ups', 5, 24, 60), reps('Hollow Body Rocks', 3, 24, 45)],
  [reps('Plank to Pike', 5, 24, 45), hold('Long-Lever Plank', 3, 75, 60)],
  [reps('Leg Raises', 5, 24, 60), reps('Straight-Leg Dead Bug', 3, 24, 45)],
  [reps('Side Plank with Reach-Through', 5, 24, 45), hold('Star Side Plank', 3, 75, 45)],
  [hold('L-Sit Tuck Hold', 6, 75, 60)],
  [reps('V-Ups', 4, 24, 60), hold('Hollow Body Hold', 3, 90, 60)],
];

// Circuits: each exercise once, round after round (every exercise of a day has the rounds as its
// sets, and a short rest after it), about 10 minutes of work.
const EXPRESS: SeedProgramItem[][] = [
  [
    hold('Mountain Climbers', 3, 40, 15),
    reps('Bicycle Crunch', 3, 20, 15),
    hold('Forearm Plank', 3, 45, 15),
    reps('Russian Twist', 3, 20, 15),
  ],
  [
    hold('Plank Jacks', 3, 40, 15),
    reps('Reverse Crunch', 3, 15, 15),
    hold('Side Plank', 3, 45, 15),
    reps('Heel Taps', 3, 20, 15),
  ],
  [
    reps('High Plank Shoulder Taps', 3, 20, 15),
    hold('Flutter Kicks', 3, 40, 15),
    reps('Crunch', 3, 20, 15),
    hold('Hollow Body Hold', 3, 30, 15),
  ],
  [
    hold('Mountain Climbers', 4, 40, 20),
    reps('V-Up (Tuck)', 4, 15, 20),
    reps('Side Plank Hip Dips', 4, 16, 20),
  ],
  [
    reps('Plank Up-Downs', 3, 12, 15),
    reps('Scissor Kicks', 3, 20, 15),
    hold('Bear Crawl Hold', 3, 40, 15),
    reps('Bicycle Crunch', 3, 20, 15),
  ],
  [
    reps('Dead Bug', 3, 20, 15),
    reps('Plank to Pike', 3, 12, 15),
    reps('Glute Bridge', 3, 20, 15),
    hold('Side Plank', 3, 40, 15),
  ],
  [hold('Plank Jacks', 4, 40, 20), reps('Russian Twist', 4, 20, 20), hold('Forearm Plank', 4, 45, 20)],
  [
    hold('Mountain Climbers', 3, 45, 15),
    reps('Leg Raises', 3, 12, 15),
    reps('High Plank Shoulder Taps', 3, 20, 15),
    reps('Heel Taps', 3, 20, 15),
  ],
  [
    reps('Bird Dog', 3, 20, 15),
    reps('Hollow Body Rocks', 3, 15, 15),
    reps('Side Plank Hip Dips', 3, 16, 15),
    hold('Flutter Kicks', 3, 40, 15),
  ],
  [
    hold('Plank Jacks', 3, 45, 15),
    reps('Bicycle Crunch', 3, 24, 15),
    hold('Bear Crawl Hold', 3, 45, 15),
    reps('Reverse Crunch', 3, 15, 15),
  ],
  [reps('Plank Up-Downs', 4, 14, 20), reps('V-Up (Tuck)', 4, 16, 20), hold('Hollow Body Hold', 4, 40, 20)],
  [
    hold('Mountain Climbers', 3, 45, 15),
    reps('Scissor Kicks', 3, 24, 15),
    reps('Side Plank with Reach-Through', 3, 12, 15),
    reps('Crunch', 3, 20, 15),
  ],
  [reps('Plank to Pike', 4, 12, 20), reps('Russian Twist', 4, 20, 20), hold('Flutter Kicks', 4, 40, 20)],
  [
    hold('Mountain Climbers', 3, 45, 15),
    reps('V-Ups', 3, 12, 15),
    reps('High Plank Shoulder Taps', 3, 20, 15),
    hold('Hollow Body Hold', 3, 40, 15),
  ],
];

export const SEED_PROGRAMS: SeedProgram[] = [
  {
    slug: 'foundations',
    name: 'Foundations',
    level: 'beginner',
    description:
      'New to core training? Three weeks of short, gentle sessions with knee planks and easier variations build the brace everything else rests on.',
    days: FOUNDATIONS,
  },
  {
    slug: 'core28-round-2',
    name: 'Core28 Round 2+',
    level: 'advanced',
    description:
      'Your core upgrade: the same four weeks from Foundation to Mastery, with longer holds and harder levers for when Core28 starts to feel easy.',
    days: ROUND_2,
  },
  {
    slug: 'express',
    name: 'Express',
    level: 'intermediate',
    description:
      'Ten minutes of work, no excuses: two weeks of fast circuits that hit every part of your core when the day is full.',
    days: EXPRESS,
  },
];
