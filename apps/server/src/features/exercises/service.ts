import { slugify } from '@core28/core/blog';
import type { ExerciseMedia, VideoType } from '@core28/core/exercise-media';
import type { ExerciseInputSchema } from '@core28/core/exercises';
import { homeExerciseIndex } from '@core28/core/program';
import { asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { oneRow } from '../../platform/db/index.ts';
import { exercises, homeExercises } from '../../platform/db/schema.ts';
import { withMedia } from './media.ts';
import { exerciseVideoKey, videoTypeOf } from './video.ts';

/** Other features show an exercise's video the same way (program: a day's session, the member's library). */
export { withMedia };

type ExerciseInput = z.output<typeof ExerciseInputSchema>;

/** Home's Today's Exercise for a visitor: the home exercise of the day. */
export async function getTodaysHomeExercise({ db, now }: Pick<Deps, 'db' | 'now'>) {
  const home = await db
    .select({
      name: homeExercises.name,
      exercise: homeExercises.exercise,
      description: homeExercises.description,
    })
    .from(homeExercises)
    .orderBy(asc(homeExercises.id));
  const exercise = home[homeExerciseIndex(now(), home.length)];
  return {
    kind: 'home' as const,
    dayNumber: null,
    // The home exercises are program moves, shown by the same demonstrations
    exercise: exercise
      ? { ...exercise, demoKey: slugify(exercise.name), media: null as ExerciseMedia }
      : null,
  };
}

// ---- the library (spec §2 Admin exercises) and its media ----

const toRow = (input: ExerciseInput) => ({ ...input, videoUrl: input.videoUrl || null });

export async function listAllExercises(deps: Pick<Deps, 'db' | 'storage'>) {
  const rows = await deps.db.select().from(exercises).orderBy(desc(exercises.createdAt), desc(exercises.id));
  return withMedia(deps, rows);
}

async function getExercise(deps: Pick<Deps, 'db' | 'storage'>, id: number) {
  const [row] = await deps.db.select().from(exercises).where(eq(exercises.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'No such exercise');
  return oneRow(await withMedia(deps, [row]));
}

export async function createExercise(
  deps: Pick<Deps, 'db' | 'storage'>,
  { input }: { input: ExerciseInput },
) {
  const row = oneRow(await deps.db.insert(exercises).values(toRow(input)).returning());
  return oneRow(await withMedia(deps, [row]));
}

export async function updateExercise(
  deps: Pick<Deps, 'db' | 'storage' | 'now'>,
  { id, input }: { id: number; input: ExerciseInput },
) {
  const [updated] = await deps.db
    .update(exercises)
    .set({ ...toRow(input), updatedAt: deps.now() })
    .where(eq(exercises.id, id))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', 'No such exercise');
  return oneRow(await withMedia(deps, [updated]));
}

type VideoDeps = Pick<Deps, 'db' | 'storage' | 'log' | 'now'>;

/**
 * Sets (or clears) an exercise's uploaded video and returns the key it had. The row is locked
 * first, so two uploads at once each remove the video the other replaced, never their own.
 */
function swapVideo(
  { db, now }: VideoDeps,
  id: number,
  video: { videoKey: string; videoType: VideoType; videoSize: number } | null,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ videoKey: exercises.videoKey })
      .from(exercises)
      .where(eq(exercises.id, id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'No such exercise');
    await tx
      .update(exercises)
      .set({ ...(video ?? { videoKey: null, videoType: null, videoSize: null }), updatedAt: now() })
      .where(eq(exercises.id, id));
    return row.videoKey;
  });
}

/** A stored object no row points to any more; failing to remove it leaves an orphan, not an error. */
async function removeStored({ storage, log }: VideoDeps, key: string) {
  await storage.remove(key).catch((err) => log.warn({ err, key }, 'could not remove a replaced video'));
}

/** Stores an uploaded video (checked by its bytes) as the exercise's, replacing and deleting any earlier one. */
export async function replaceExerciseVideo(deps: VideoDeps, { id, bytes }: { id: number; bytes: Buffer }) {
  const videoType = await videoTypeOf(bytes);
  await getExercise(deps, id); // 404 before storing anything
  const videoKey = exerciseVideoKey(id, videoType);
  await deps.storage.put(videoKey, bytes, videoType);
  let previous: string | null;
  try {
    previous = await swapVideo(deps, id, { videoKey, videoType, videoSize: bytes.length });
  } catch (err) {
    await removeStored(deps, videoKey);
    throw err;
  }
  if (previous) await removeStored(deps, previous);
  return getExercise(deps, id);
}

/** Removes the exercise's uploaded video (its YouTube link, if any, then shows). */
export async function removeExerciseVideo(deps: VideoDeps, { id }: { id: number }) {
  const previous = await swapVideo(deps, id, null);
  if (previous) await removeStored(deps, previous);
  return getExercise(deps, id);
}
