// The exercises the programs beyond Core28 add (seed/programs.ts): easier variations for
// Foundations, harder ones for Round 2+. Like the 28, their steps describe form only; the sets,
// holds and reps come from each program day's prescription. Each has a drawn demonstration under
// its core `slugify(name)` (the web's figure-animation/variations.ts).
import { ex, type SeedExercise } from './content.ts';

export const SEED_EXTRA_EXERCISES: SeedExercise[] = [
  // Easier: Foundations
  ex(
    'Knee Plank',
    'time',
    'A forearm plank from the knees: the same brace on a shorter lever.',
    [
      'Kneel on the mat and place your forearms on the floor, elbows under shoulders.',
      'Walk your knees back until your body forms one straight line from head to knees.',
      'Squeeze your glutes and pull your belly button toward your spine.',
      'Hold that line, breathing steadily, until the set ends.',
    ],
    'If your hips pike up, walk your knees a little further back.',
  ),
  ex(
    'Bent-Knee Dead Bug',
    'reps',
    'The dead bug with the knees kept bent, a shorter lever for learning to keep the low back still.',
    [
      'Lie on your back, arms straight up, knees bent at 90 degrees over your hips.',
      'Press your lower back gently into the floor.',
      'Keeping the knee bent, lower your left foot until the heel taps the floor as your right arm reaches overhead.',
      'Return to the start and switch sides; each tap is one rep.',
    ],
    'Exhale as you lower; if your back lifts, keep your arms still and move only your legs.',
  ),
  ex(
    'Half Bridge',
    'reps',
    'A short-range glute bridge that wakes up the glutes without straining the lower back.',
    [
      'Lie on your back, knees bent, feet flat and hip-width apart, arms by your sides.',
      'Brace your core and press through your heels to lift your hips a few inches.',
      'Pause for one second with your ribs down.',
      'Lower slowly until your hips just touch the floor.',
    ],
    'Lift only as high as you can without arching; the full bridge comes later.',
  ),
  ex(
    'Kneeling Shoulder Taps',
    'reps',
    'Shoulder taps from a high plank on the knees, a first step in resisting rotation.',
    [
      'Start on hands and knees, then walk your knees back until your body is straight from head to knees.',
      'Keep your hands under your shoulders and brace.',
      'Lift your right hand and tap your left shoulder, then return it.',
      'Tap with the other hand, keeping your hips still; each tap is one rep.',
    ],
    'Widen your knees to make it steadier.',
  ),
  // Harder: Core28 Round 2+
  ex(
    'Long-Lever Plank',
    'time',
    'A forearm plank with the elbows ahead of the shoulders: a longer lever that makes every second count.',
    [
      'Set up in a forearm plank, body straight from head to heels.',
      'Walk your elbows forward a few inches so they sit in front of your shoulders.',
      'Squeeze your glutes, tuck your pelvis slightly and pull your ribs down.',
      'Hold that line, breathing steadily, until the set ends.',
    ],
    'The further forward your elbows, the harder it gets; bring them back if your lower back sags.',
  ),
  ex(
    'Straight-Leg Dead Bug',
    'reps',
    'The dead bug with straight legs: a longer lever for the deep core.',
    [
      'Lie on your back, arms straight up, legs straight up over your hips.',
      'Press your lower back gently into the floor.',
      'Slowly lower your right arm overhead and your left leg toward the floor, both straight.',
      'Stop just above the floor, return and switch sides; each lower is one rep.',
    ],
    'Keep a soft bend in the knees if your hamstrings are tight; never let your back arch.',
  ),
  ex(
    'Single-Leg Glute Bridge',
    'reps',
    'A glute bridge on one leg, for stronger glutes and a pelvis that stays level.',
    [
      'Lie on your back, knees bent, feet flat, arms by your sides.',
      'Straighten one leg so both thighs are level with each other.',
      'Press through the planted heel to lift your hips until shoulders, hips and knee form a line.',
      'Lower slowly, and switch legs halfway through each set.',
    ],
    'Keep both hips at the same height, as if balancing a glass of water on your belly.',
  ),
  ex(
    'Star Side Plank',
    'time',
    'A side plank with the top arm and leg raised, a tough test for the obliques and hips.',
    [
      'Get into a forearm side plank, legs straight and stacked.',
      'Lift your hips until your body forms a straight line.',
      'Raise your top leg and reach your top arm to the ceiling.',
      'Hold, breathing steadily, and switch sides halfway through each set.',
    ],
    'Lift the leg only as high as you can without your hips dropping.',
  ),
  ex(
    'Bear Plank Shoulder Taps',
    'reps',
    'Shoulder taps with the knees hovering: bracing and anti-rotation at once.',
    [
      'Start on hands and knees, toes tucked.',
      'Lift your knees one inch off the floor.',
      'Lift your right hand and tap your left shoulder, then return it.',
      'Tap with the other hand, knees hovering throughout; each tap is one rep.',
    ],
    'Widen your hands and feet a little if your hips rock side to side.',
  ),
];
