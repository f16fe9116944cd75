// Seed data: the 28-day program (day N uses exercise N: Core28's program_exercises rows), the rotating home
// exercises and the first Six-Pack Guide articles. Instructions are written for bodyweight training on a mat.

export type SeedExercise = {
  name: string;
  exercise: string;
  description: string;
  category: 'time' | 'reps';
};
export type SeedHomeExercise = { name: string; exercise: string; description: string };
export type SeedArticle = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImageUrl: string | null;
  status: 'published' | 'draft' | 'scheduled';
  daysAgo: number;
};

const steps = (lines: string[], tip: string) =>
  [...lines.map((line, i) => `${i + 1}. ${line}`), `Tip: ${tip}`].join('\n');

export const ex = (
  name: string,
  category: 'time' | 'reps',
  summary: string,
  lines: string[],
  tip: string,
): SeedExercise => ({
  name,
  exercise: summary,
  description: steps(lines, tip),
  category,
});

export const SEED_EXERCISES: SeedExercise[] = [
  // Week 1 — Foundation
  ex(
    'Dead Bug',
    'reps',
    'Opposite arm and leg lowers that teach your deep core to keep the low back still.',
    [
      'Lie on your back, arms straight up, knees bent at 90 degrees over your hips.',
      'Press your lower back gently into the floor.',
      'Slowly lower your right arm and left leg toward the floor without letting your back arch.',
      'Return to the start and switch sides.',
      'Each lower and return is one rep; keep alternating sides.',
    ],
    'Exhale as you lower; stop the range where your back starts to lift.',
  ),
  ex(
    'Forearm Plank',
    'time',
    'The classic hold that builds endurance through the whole trunk.',
    [
      'Place forearms on the floor, elbows under shoulders.',
      'Step your feet back so your body forms one straight line from head to heels.',
      'Squeeze your glutes and pull your belly button toward your spine.',
      'Hold that line for the whole set; drop to your knees for the last seconds if your form slips.',
    ],
    'Keep breathing; do not let your hips sag or pike up.',
  ),
  ex(
    'Glute Bridge',
    'reps',
    'Hip lifts that wake up the glutes and support a stable, pain-free lower back.',
    [
      'Lie on your back, knees bent, feet flat and hip-width apart.',
      'Brace your core and press through your heels to lift your hips.',
      'Stop when shoulders, hips and knees form a line; squeeze for one second.',
      'Lower slowly until your hips just touch the floor.',
    ],
    'Drive through the heels, not the toes, and avoid over-arching at the top.',
  ),
  ex(
    'Bird Dog',
    'reps',
    'A kneeling balance drill for spinal stability and coordination.',
    [
      'Start on hands and knees, hands under shoulders, knees under hips.',
      'Extend your right arm forward and left leg back until both are level with your torso.',
      'Hold for two seconds without rotating your hips.',
      'Return and switch sides; each reach counts as one rep.',
    ],
    'Imagine balancing a glass of water on your lower back.',
  ),
  ex(
    'Heel Taps',
    'reps',
    'Side-to-side reaches that target the obliques with little strain on the neck.',
    [
      'Lie on your back, knees bent, feet flat, arms by your sides.',
      'Lift your head and shoulders slightly off the floor.',
      'Reach your right hand to your right heel, then your left hand to your left heel.',
      'Keep alternating; each tap counts as one rep.',
    ],
    'Move from the waist; keep your chin tucked as if holding an egg.',
  ),
  ex(
    'Crunch',
    'reps',
    'A short, controlled curl that works the rectus abdominis.',
    [
      'Lie on your back, knees bent, fingertips lightly behind your ears.',
      'Exhale and curl your shoulder blades off the floor.',
      'Pause at the top for one second.',
      'Lower with control until your shoulders touch down.',
    ],
    'Do not pull on your neck; the lift comes from your abs.',
  ),
  ex(
    'Side Plank (Knees)',
    'time',
    'A shortened side plank that builds lateral core strength safely.',
    [
      'Lie on your side, knees bent, forearm under your shoulder.',
      'Lift your hips until your body is straight from knees to head.',
      'Hold, breathing steadily, without letting your hips drop.',
      'Switch sides halfway through each set.',
    ],
    'Stack your hips and push the floor away with your forearm.',
  ),
  // Week 2 — Strength
  ex(
    'Reverse Crunch',
    'reps',
    'Curling the hips toward the ribs to train the lower abdominals.',
    [
      'Lie on your back, hands by your sides, knees bent at 90 degrees in the air.',
      'Exhale and curl your hips off the floor, bringing knees toward your chest.',
      'Lower slowly until your hips touch down.',
      'Reset your knees over your hips before the next rep.',
    ],
    'Avoid swinging; the movement is small and slow.',
  ),
  ex(
    'Bicycle Crunch',
    'reps',
    'A rotating crunch that hits the obliques and the front of the core.',
    [
      'Lie on your back, hands behind your head, legs lifted with knees bent.',
      'Bring your right elbow toward your left knee while extending your right leg.',
      'Switch sides in a smooth pedalling motion.',
      'Each elbow-to-knee counts as one rep.',
    ],
    'Rotate through your ribs, not just your elbows.',
  ),
  ex(
    'High Plank Shoulder Taps',
    'reps',
    'An anti-rotation plank that challenges stability with each tap.',
    [
      'Start in a high plank, hands under shoulders, feet hip-width apart.',
      'Lift your right hand and tap your left shoulder.',
      'Return and tap with the other hand.',
      'Keep alternating with your hips still; each tap counts as one rep.',
    ],
    'Widen your feet to make it easier; bring them together to make it harder.',
  ),
  ex(
    'Hollow Body Hold',
    'time',
    'The gymnast position that builds full-body tension from the core.',
    [
      'Lie on your back and press your lower back into the floor.',
      'Lift your shoulders and legs, arms reaching overhead.',
      'Hold the shallow banana shape, breathing steadily.',
      'Keep your chin slightly tucked and your gaze on your toes.',
    ],
    'Bend your knees if your back lifts off the floor.',
  ),
  ex(
    'Side Plank',
    'time',
    'A full side plank for obliques, hips and shoulder stability.',
    [
      'Lie on your side, forearm under your shoulder, legs straight and stacked.',
      'Lift your hips until your body forms a straight line.',
      'Hold, breathing steadily, without letting your hips drop.',
      'Switch sides halfway through each set.',
    ],
    'Keep your top hip pushed slightly forward to stay stacked.',
  ),
  ex(
    'Flutter Kicks',
    'time',
    'Small alternating kicks that work the lower abs and hip flexors.',
    [
      'Lie on your back, hands under your hips, legs straight.',
      'Lift your legs a few inches off the floor.',
      'Kick your legs up and down in small, quick movements.',
      'Keep the rhythm steady until the set ends.',
    ],
    'Keep your lower back in contact with the floor.',
  ),
  ex(
    'Russian Twist',
    'reps',
    'Seated rotations that strengthen the obliques.',
    [
      'Sit with knees bent, heels on the floor, lean back slightly with a long spine.',
      'Clasp your hands in front of your chest.',
      'Rotate your torso to touch your hands beside your right hip, then your left.',
      'Each touch beside a hip counts as one rep.',
    ],
    'Lift your heels to progress once the movement feels easy.',
  ),
  // Week 3 — Power
  ex(
    'Mountain Climbers',
    'time',
    'A fast plank drive that adds cardio to core work.',
    [
      'Start in a high plank with hands under shoulders.',
      'Drive your right knee toward your chest, then switch legs quickly.',
      'Keep your hips level with your shoulders.',
      'Keep a pace you can hold until the set ends.',
    ],
    'Speed is good, but never at the cost of a stable plank.',
  ),
  ex(
    'Plank Jacks',
    'time',
    'Jumping the feet in and out from a plank for power and stability.',
    [
      'Start in a forearm or high plank.',
      'Jump both feet out wide, then back together.',
      'Keep your hips low and core braced.',
      'Keep a steady rhythm until the set ends.',
    ],
    'Step the feet out instead of jumping for a low-impact version.',
  ),
  ex(
    'V-Up (Tuck)',
    'reps',
    'A tucked V-up that trains the upper and lower abs together.',
    [
      'Sit on the floor, lean back on your hands or balance on your sit bones.',
      'Extend your legs and lean back.',
      'Pull your knees in toward your chest as you sit tall.',
      'Push your legs back out with control to start the next rep.',
    ],
    'Keep your chest up; do not round forward.',
  ),
  ex(
    'Plank Up-Downs',
    'reps',
    'Moving from forearm to high plank to build strength and control.',
    [
      'Start in a forearm plank.',
      'Press up onto your right hand, then your left, into a high plank.',
      'Lower back down one arm at a time.',
      'Each trip up and down is one rep; lead with the other arm on the next.',
    ],
    'Keep your hips from swaying as you switch arms.',
  ),
  ex(
    'Scissor Kicks',
    'reps',
    'Crossing the legs over each other to work the lower abdominals.',
    [
      'Lie on your back, hands under your hips, legs lifted a few inches.',
      'Cross your right leg over your left, then switch.',
      'Keep the movement controlled and your legs straight.',
      'Each cross counts as one rep.',
    ],
    'Raise your legs higher if your lower back arches.',
  ),
  ex(
    'Side Plank Hip Dips',
    'reps',
    'Dipping the hip in a side plank for strong obliques.',
    [
      'Get into a forearm side plank with legs stacked.',
      'Lower your hip toward the floor without touching it.',
      'Lift back up past the start, squeezing your obliques.',
      'Switch sides halfway through each set.',
    ],
    'Move slowly; the lift matters more than the dip.',
  ),
  ex(
    'Bear Crawl Hold',
    'time',
    'Hovering knees just above the floor for intense core bracing.',
    [
      'Start on hands and knees, toes tucked.',
      'Lift your knees one inch off the floor.',
      'Hold with a flat back and steady breathing.',
      'Set your knees down gently when the set ends.',
    ],
    'Push the floor away with your hands to keep shoulders engaged.',
  ),
  // Week 4 — Integration
  ex(
    'Hollow Body Rocks',
    'reps',
    'Rocking in the hollow position to build dynamic core control.',
    [
      'Get into a hollow body hold with arms overhead.',
      'Rock back toward your shoulders and forward toward your hips.',
      'Keep the shape rigid; the whole body moves as one.',
      'Each rock back and forward counts as one rep.',
    ],
    'If the shape breaks, return to a static hold.',
  ),
  ex(
    'V-Ups',
    'reps',
    'A full V-up: legs and torso meet at the top.',
    [
      'Lie flat with arms extended overhead and legs straight.',
      'Lift your arms and legs at the same time, reaching for your toes.',
      'Lower with control to just above the floor.',
      'Reset with your arms overhead before the next rep.',
    ],
    'Bend the knees slightly if your hamstrings are tight.',
  ),
  ex(
    'Plank to Pike',
    'reps',
    'Lifting the hips from a plank to train the abs through a long lever.',
    [
      'Start in a high plank.',
      'Brace and lift your hips high into a pike, keeping legs straight.',
      'Lower back to a straight plank.',
      'Pause in the straight plank for a moment before the next rep.',
    ],
    'Lead with the lower abs, not the shoulders.',
  ),
  ex(
    'Leg Raises',
    'reps',
    'Straight-leg raises for strong lower abdominals.',
    [
      'Lie on your back, hands under your hips, legs straight.',
      'Raise your legs to vertical while keeping them straight.',
      'Lower slowly to just above the floor.',
      'Keep your heels off the floor between reps.',
    ],
    'Press your lower back into the floor the whole time.',
  ),
  ex(
    'Side Plank with Reach-Through',
    'reps',
    'Threading the top arm under the body for rotation and stability.',
    [
      'Get into a side plank with your top arm pointing up.',
      'Rotate and thread that arm under your body.',
      'Return to the start, opening your chest to the ceiling.',
      'Switch sides halfway through each set.',
    ],
    'Keep your hips lifted throughout the rotation.',
  ),
  ex(
    'L-Sit Tuck Hold',
    'time',
    'Lifting the body on the hands with knees tucked, a test of core compression.',
    [
      'Sit with hands beside your hips, fingers forward.',
      'Press down to lift your hips off the floor.',
      'Tuck your knees toward your chest and hold.',
      'Hold while you keep the shape; when it breaks, sit, breathe and lift again until the set ends.',
    ],
    'Use two sturdy books or yoga blocks under your hands if you need more room.',
  ),
  ex(
    'Dragon Flag Negatives (Bent Knee)',
    'reps',
    'Slow lowering from the shoulders for advanced core strength.',
    [
      'Lie on a mat and grip something stable behind your head.',
      'Lift your hips and knees so your weight rests on your upper back.',
      'Lower your body slowly as one unit, keeping the hips from bending.',
      'Bring your knees back in and return to the top before the next lower.',
    ],
    'Take five seconds to lower; stop if your lower back arches.',
  ),
];

export const SEED_HOME_EXERCISES: SeedHomeExercise[] = [
  {
    name: 'Forearm Plank',
    exercise: 'Hold a straight line from head to heels.',
    description: steps(
      ['Forearms under shoulders.', 'Squeeze glutes and brace.', 'Hold for 30 seconds.'],
      'Breathe steadily.',
    ),
  },
  {
    name: 'Dead Bug',
    exercise: 'Opposite arm and leg lowers with a still back.',
    description: steps(
      ['Lie on your back, limbs up.', 'Lower opposite arm and leg.', 'Do 10 per side.'],
      'Keep your back flat.',
    ),
  },
  {
    name: 'Glute Bridge',
    exercise: 'Hip lifts for glutes and lower back.',
    description: steps(
      ['Lie on your back, knees bent.', 'Lift hips, squeeze, lower.', 'Do 15 reps.'],
      'Drive through your heels.',
    ),
  },
  {
    name: 'Bird Dog',
    exercise: 'Kneeling balance for spinal stability.',
    description: steps(
      ['Start on hands and knees.', 'Extend opposite arm and leg.', 'Do 10 per side.'],
      'Keep hips square.',
    ),
  },
  {
    name: 'Heel Taps',
    exercise: 'Side reaches for the obliques.',
    description: steps(
      ['Lie on your back, knees bent.', 'Lift shoulders slightly.', 'Tap each heel, 20 taps.'],
      'Keep your chin tucked.',
    ),
  },
  {
    name: 'Side Plank (Knees)',
    exercise: 'A short-lever side plank for the obliques.',
    description: steps(
      ['Lie on your side, knees bent.', 'Lift your hips.', 'Hold 20 seconds per side.'],
      'Stack your hips.',
    ),
  },
  {
    name: 'Mountain Climbers',
    exercise: 'Fast knee drives from a plank.',
    description: steps(
      ['Start in a high plank.', 'Drive knees toward chest in turn.', 'Go for 30 seconds.'],
      'Keep hips level.',
    ),
  },
];

const ARTICLE_PLANKS = `## Why planks work

A plank trains your core to do its real job: **resisting movement**. Your abs, obliques and the deep transverse abdominis brace your spine so that force moves through your body efficiently, whether you are lifting a box or sprinting for a bus.

Crunches train the opposite: they repeatedly bend the spine under load. They have a place, but they should not be the whole program.

## What the research says

Studies of muscle activity show that planks and their variations activate the deep stabilisers as much as, or more than, crunches, with far less compression on the lower back.

- **Front planks** build endurance through the entire trunk.
- **Side planks** target the obliques and the quadratus lumborum, key muscles for back health.
- **Dynamic planks** (shoulder taps, up-downs) add anti-rotation demands.

## How to plank well

1. Forearms under shoulders, feet hip-width apart.
2. Squeeze your glutes and pull your ribs down toward your hips.
3. Breathe steadily; do not hold your breath.
4. Stop the set when your form breaks, not when the timer ends.

## Where crunches fit

Crunches are fine as one tool among many. In the Core28 program you will find controlled curls like reverse crunches, balanced with holds and anti-rotation work, so every part of your core gets stronger.

**The takeaway:** build a base of stability first, then add movement. That order keeps your back happy and your results coming.`;

const ARTICLE_NUTRITION = `## Abs are revealed in the kitchen

Every person has abdominal muscles. Whether you can **see** them depends mostly on body fat, and body fat depends mostly on what you eat over weeks and months.

## The three basics

- **A modest calorie deficit.** Aim to eat slightly less than you burn, about 300 to 500 calories a day. Crash diets cost muscle and rarely last.
- **Enough protein.** Around 1.6 grams per kilogram of body weight a day helps you keep muscle while losing fat.
- **Mostly whole foods.** Vegetables, fruit, legumes, whole grains, lean meat, fish, eggs and dairy keep you full on fewer calories.

## A simple plate

1. Fill half your plate with vegetables.
2. Add a palm-sized portion of protein.
3. Add a cupped hand of whole grains or starchy vegetables.
4. Add a thumb of healthy fat, such as olive oil or nuts.

## Common traps

Liquid calories from sugary drinks and alcohol add up quickly without making you full. Large portions of "healthy" foods still count. And weekends can undo a careful week.

## Be patient

Fat loss is not linear. Weigh yourself under the same conditions, look at the weekly average, and judge progress over a month. Pair sensible eating with the **daily core sessions** of your program and your results will show.`;

const ARTICLE_BREATHING = `## Why breathing matters

Your diaphragm is part of your core. When you breathe well, it works together with your abdominals and pelvic floor to create **intra-abdominal pressure**, the natural brace that protects your spine.

## The core breath

1. Lie on your back with knees bent, one hand on your chest and one on your belly.
2. Inhale through your nose so your belly and lower ribs expand, not your chest.
3. Exhale through pursed lips and feel your abs gently tighten.
4. Repeat for ten slow breaths before your workout.

## Breathing during exercise

- **Exhale on the effort.** Breathe out as you curl up in a crunch or lift your hips in a bridge.
- **Keep breathing in holds.** In a plank, take short, steady breaths behind a firm brace.
- **Never hold your breath** for long sets; it raises blood pressure and ends sets early.

## Bracing versus sucking in

Sucking your belly in narrows your waist but weakens your brace. Instead, imagine someone is about to poke your stomach: tighten all around your middle **without** pulling in.

Practise the core breath for a minute each day. It will make every exercise in the program feel more solid.`;

const ARTICLE_RECOVERY = `## Muscles grow between workouts

Training is the signal; recovery is when the body adapts. Your core muscles are no exception.

## Signs you need more rest

- Lingering soreness that lasts more than three days
- Falling performance from one session to the next
- Poor sleep or low motivation

## How to recover well

1. **Sleep seven to nine hours.** Most repair happens while you sleep.
2. **Eat enough protein** spread over the day.
3. **Move gently** on easy days: walking, stretching or mobility work.
4. **Vary intensity.** Not every session needs to be all-out.

## Active recovery ideas

Cat-cow stretches, child's pose and slow dead bugs keep blood flowing to the core without adding fatigue. Ten minutes is enough.

**Rest is part of the plan,** not a break from it.`;

const ARTICLE_PROGRAM = `## Four weeks, one goal

The Core28 program is built in four phases, each seven days long.

- **Week 1, Foundation:** learn to brace, breathe and move with control.
- **Week 2, Strength:** longer holds and harder levers.
- **Week 3, Power:** faster, more dynamic movements.
- **Week 4, Integration:** advanced moves that combine everything.

## How a day works

1. Open your program and check today's exercise.
2. Watch the tutorial and read the steps.
3. Complete your sets and log your time and reps.
4. Mark the day complete and rate how you feel.

## Tracking progress

Your **streak**, **achievements** and weekly progress bars show how far you have come. Log honestly: the numbers are for you.

Start today and see what 28 days of consistent work can do.`;

export const SEED_ARTICLES: SeedArticle[] = [
  {
    title: 'Why Planks Beat Crunches for a Stronger Core',
    slug: 'why-planks-beat-crunches-for-a-stronger-core',
    excerpt:
      'Stability first: how plank variations build a core that protects your back and powers every movement.',
    content: ARTICLE_PLANKS,
    featuredImageUrl: null,
    status: 'published',
    daysAgo: 14,
  },
  {
    title: 'Nutrition Basics for Visible Abs',
    slug: 'nutrition-basics-for-visible-abs',
    excerpt:
      'Everyone has abs; seeing them is mostly about body fat. Here are the eating habits that make the difference.',
    content: ARTICLE_NUTRITION,
    featuredImageUrl: null,
    status: 'published',
    daysAgo: 7,
  },
  {
    title: 'How to Breathe During Core Training',
    slug: 'how-to-breathe-during-core-training',
    excerpt: 'Your diaphragm is part of your core. Learn the breath that makes every exercise more solid.',
    content: ARTICLE_BREATHING,
    featuredImageUrl: null,
    status: 'published',
    daysAgo: 2,
  },
  {
    title: 'Recovery: Why Rest Days Build Abs',
    slug: 'recovery-why-rest-days-build-abs',
    excerpt: 'Training is the signal and recovery is when you adapt. How to rest well between sessions.',
    content: ARTICLE_RECOVERY,
    featuredImageUrl: null,
    status: 'draft',
    daysAgo: 1,
  },
  {
    title: 'The 28-Day Core Program Explained',
    slug: 'the-28-day-core-program-explained',
    excerpt: 'Four phases, one goal: a week-by-week look at what you will do and why.',
    content: ARTICLE_PROGRAM,
    featuredImageUrl: null,
    status: 'scheduled',
    daysAgo: -5,
  },
];
