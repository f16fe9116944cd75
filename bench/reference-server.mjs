import { createHmac, timingSafeEqual } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import pg from 'pg';

// The member API's reference (decision 0019): a bare Hono + node-postgres server running the SQL the app's member
// routes need at least, on the app's own database — the session by its token (the cookie's HMAC
// checked, as the app does) joined to its user with the admin role, then each route's rows.
// Nothing else: no logging, no security headers, no validation library. What this machine can do.

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_MAX ?? 10),
});
const secret = process.env.AUTH_SECRET;

const SESSION = {
  name: 'ref_session',
  text: `select s.id as session_id, s.expires_at, u.id, u.name, u.email, u.email_verified, u.image,
           u.created_at, u.updated_at,
           exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin') as is_admin
      from sessions s join users u on u.id = s.user_id where s.token = $1`,
};
const PROFILE = { name: 'ref_profile', text: 'select * from profiles where user_id = $1' };
// The member's current round (docs/decisions/0026): their rows are the round's, the plan its program's.
const ROUND = {
  name: 'ref_round',
  text: 'select id, program_id, started_at from rounds where user_id = $1 order by number desc limit 1',
};
const COMPLETIONS = {
  name: 'ref_completions',
  text: 'select day_number, completed_at from workout_completions where round_id = $1 order by day_number',
};
const RESULTS = {
  name: 'ref_results',
  text: 'select day_number, total_time_seconds, repetitions_completed from exercise_progress where round_id = $1 order by day_number',
};
const WELLNESS = {
  name: 'ref_wellness',
  text: 'select day_number, feeling_rating, energy_level from wellness_tracking where round_id = $1 order by day_number',
};
const PLAN = {
  name: 'ref_plan',
  text: `select d.day, d.position, d.sets, d.work_seconds, d.target_reps, d.rest_seconds, e.id, e.name, e.category,
        e.demo_key
      from program_exercises d join exercises e on e.id = d.exercise_id where d.program_id = $1
      order by d.day, d.position`,
};
const COMPLETE = {
  name: 'ref_complete',
  text: `insert into workout_completions (user_id, round_id, day_number, completed_at) values ($1, $2, $3, now())
      on conflict (round_id, day_number) do nothing returning day_number`,
};

async function member(c) {
  const signed = getCookie(c, 'core28.session_token');
  if (!signed) return null;
  const dot = signed.lastIndexOf('.');
  const token = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const { rows } = await pool.query({ ...SESSION, values: [token] });
  const row = rows[0];
  return row && row.expires_at > new Date() ? row : null;
}

const DAY_MS = 86_400_000;
const dayOf = (registered) =>
  Math.min(28, Math.max(1, Math.floor((Date.now() - registered.getTime()) / DAY_MS) + 1));

async function state(client, userId) {
  const round = (await client.query({ ...ROUND, values: [userId] })).rows[0];
  const [completions, results, wellness, plan] = await Promise.all(
    [COMPLETIONS, RESULTS, WELLNESS]
      .map((q) => client.query({ ...q, values: [round.id] }))
      .concat(client.query({ ...PLAN, values: [round.program_id] })),
  );
  return {
    currentDay: dayOf(round.started_at),
    completions: completions.rows,
    results: results.rows,
    wellness: wellness.rows,
    plan: plan.rows,
  };
}

/** JSON as the app sends it: gzipped at once when the client asks and it is 1 KB or more. */
const json = (c, value) => {
  const body = JSON.stringify(value);
  const headers = { 'content-type': 'application/json' };
  if (body.length < 1024 || !/\bgzip\b/.test(c.req.header('accept-encoding') ?? ''))
    return c.body(body, 200, headers);
  return c.body(gzipSync(body), 200, { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
};

const unauthorized = (c) =>
  c.json({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } }, 401);

/** What the app's probe answers with in production (apps/server/src/features/health/routes.ts). */
const PROBE_HEADERS = {
  'Content-Type': 'application/json',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};

const app = new Hono()
  // Liveness, as the app's: no database query.
  .get('/api/health', (c) => c.json({ status: 'ok' }))
  // The control: the same, with the answer the app's probe sends (its headers and body).
  .get('/api/health-as-app', () => {
    return new Response('{"status":"ok"}', {
      headers: { ...PROBE_HEADERS, 'X-Request-Id': crypto.randomUUID() },
    });
  })
  .get('/api/me', async (c) => {
    const user = await member(c);
    if (!user) return c.json({ user: null, profile: null, avatar: null, isAdmin: false });
    const { rows } = await pool.query({ ...PROFILE, values: [user.id] });
    return c.json({
      user: { id: user.id, email: user.email, emailVerified: user.email_verified, name: user.name },
      profile: rows[0] ?? null,
      avatar: null,
      isAdmin: user.is_admin,
    });
  })
  .get('/api/program', async (c) => {
    const user = await member(c);
    if (!user) return unauthorized(c);
    await pool.query({ ...PROFILE, values: [user.id] });
    return json(c, await state(pool, user.id));
  })
  .post('/api/program/complete', async (c) => {
    const user = await member(c);
    if (!user) return unauthorized(c);
    const { day } = await c.req.json();
    await pool.query({ ...PROFILE, values: [user.id] });
    const round = (await pool.query({ ...ROUND, values: [user.id] })).rows[0];
    const client = await pool.connect();
    try {
      await client.query('begin');
      const inserted = await client.query({ ...COMPLETE, values: [user.id, round.id, day] });
      if (!inserted.rowCount) {
        await client.query('rollback');
        return c.json(
          { error: { code: 'CONFLICT', message: `Day ${day} is already marked as completed` } },
          409,
        );
      }
      // One connection: the state's reads one after another, as the app's transaction does.
      const result = {};
      for (const [key, q] of [
        ['completions', COMPLETIONS],
        ['results', RESULTS],
        ['wellness', WELLNESS],
      ])
        result[key] = (await client.query({ ...q, values: [round.id] })).rows;
      result.plan = (await client.query({ ...PLAN, values: [round.program_id] })).rows;
      await client.query('commit');
      return c.json({ currentDay: dayOf(round.started_at), ...result });
    } catch (err) {
      await client.query('rollback');
      throw err;
    } finally {
      client.release();
    }
  });

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
// Exits (rather than dies) on the bench's SIGTERM, so `--cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
