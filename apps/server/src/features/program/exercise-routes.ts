import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { optionalUser } from '../auth/session.ts';
import { getTodaysHomeExercise } from '../exercises/service.ts';
import { requireCapability } from '../subscriptions/entitlements.ts';
import { getTodaysProgramExercise, listUnlockedExercises } from './exercises.ts';

// /api/exercises: the member's library and Today's Exercise, both read through their program days.

export const exerciseRoutes = new Hono<AppEnv>()
  .get('/', requireCapability('library'), async (c) =>
    c.json(
      await listUnlockedExercises(c.get('deps'), {
        userId: c.get('user').id,
        isTodayOnly: c.get('entitlements').library === 'today',
      }),
    ),
  )
  /** Home's Today's Exercise: the member's program exercise, or the visitor's daily home exercise. */
  .get('/today', optionalUser, async (c) => {
    const user = c.get('user');
    if (user) return c.json(await getTodaysProgramExercise(c.get('deps'), { userId: user.id }));
    return c.json(await getTodaysHomeExercise(c.get('deps')));
  });
