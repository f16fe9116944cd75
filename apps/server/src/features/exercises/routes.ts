import { homeExerciseIndex, programDays, todaysExerciseIndex } from '@core28/core/program';
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { exercises, homeExercises, workoutCompletions } from '../../platform/db/schema.ts';
import { optionalUser, requireUser } from '../auth/session.ts';
import { currentDayOf } from '../program/service.ts';

const exerciseColumns = {
  id: exercises.id,
  name: exercises.name,
  description: exercises.description,
  exercise: exercises.exercise,
  videoUrl: exercises.videoUrl,
  category: exercises.category,
};

export const exerciseRoutes = new Hono<AppEnv>()
  /**
   * spec §4: a member sees the exercises of the days up to today (day N is the Nth by id), each
   * with its day's status (completed, missed or current: docs/decisions/0004).
   */
  .get('/', requireUser(), async (c) => {
    const { deps } = c.var;
    const userId = c.var.user.id;
    const { currentDay } = await currentDayOf(deps, userId);
    const [all, completions] = await Promise.all([
      deps.db.select(exerciseColumns).from(exercises).orderBy(asc(exercises.id)),
      deps.db
        .select({ day: workoutCompletions.dayNumber })
        .from(workoutCompletions)
        .where(eq(workoutCompletions.userId, userId)),
    ]);
    const days = programDays(
      completions.map((row) => row.day),
      currentDay,
    );
    const unlocked = all
      .slice(0, currentDay)
      .map((exercise, i) => ({ ...exercise, dayNumber: i + 1, status: days[i]!.status }));
    return c.json({ currentDay, total: all.length, exercises: unlocked });
  })
  /** Home's Today's Exercise: the member's program exercise, or the visitor's daily home exercise. */
  .get('/today', optionalUser, async (c) => {
    const { deps } = c.var;
    const user = c.var.user;
    if (user) {
      const { currentDay } = await currentDayOf(deps, user.id);
      const all = await deps.db.select(exerciseColumns).from(exercises).orderBy(asc(exercises.id));
      const exercise = all[todaysExerciseIndex(currentDay, all.length)];
      return c.json({ kind: 'program' as const, dayNumber: currentDay, exercise: exercise ?? null });
    }
    const home = await deps.db
      .select({
        name: homeExercises.name,
        exercise: homeExercises.exercise,
        description: homeExercises.description,
      })
      .from(homeExercises)
      .orderBy(asc(homeExercises.id));
    return c.json({
      kind: 'home' as const,
      dayNumber: null,
      exercise: home[homeExerciseIndex(deps.now(), home.length)] ?? null,
    });
  });
