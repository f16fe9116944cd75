import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { AppEnv, Deps } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { DbOrTx } from '../../platform/db/index.ts';

// The audit log: every staff write is a row (who, what, which member or object, when, from which
// address). The table refuses updates and deletes (migration 0024's trigger).

export type Actor = { id: string; ip: string | null };

export type AuditEntry = {
  /** What was done: `POST /api/admin/...` for a route, or a name of its own (`team.invitation.accepted`). */
  action: string;
  memberId?: string | null;
  objectType?: string | null;
  objectId?: string | null;
  detail?: Record<string, unknown>;
};

/** The staff member acting in this request. */
export function actorOf(c: Context<AppEnv>): Actor {
  const user = c.get('user');
  if (!user) throw new Error('actorOf needs a signed-in request');
  return { id: user.id, ip: clientIp(c) };
}

/**
 * Writes one audit row, in `db` (a transaction's, to land with the change). The actor's name is
 * kept as it is now (their coach profile's, else their account's, else the e-mail), so the row
 * still says who when the account is gone.
 */
export async function writeAudit(db: DbOrTx, actor: Actor, entry: AuditEntry) {
  await db.execute(sql`
    insert into audit_log (actor_id, actor_name, action, member_id, object_type, object_id, detail, ip)
    select ${actor.id},
      coalesce((select nullif(trim(cp.name), '') from coach_profiles cp where cp.user_id = ${actor.id}),
        (select coalesce(nullif(trim(u.name), ''), u.email) from users u where u.id = ${actor.id}), 'unknown'),
      ${entry.action}, ${entry.memberId ?? null}, ${entry.objectType ?? null}, ${entry.objectId ?? null},
      ${JSON.stringify(entry.detail ?? {})}::jsonb, ${actor.ip}`);
}

/** The params of a route pattern (`/a/:id/b`) read off the path that matched it. */
function paramsOf(pattern: string, path: string): Record<string, string> {
  const names = pattern.split('/');
  const values = path.split('/');
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    if (name.startsWith(':') && values[i] !== undefined)
      params[name.slice(1)] = decodeURIComponent(values[i]);
  });
  return params;
}

/**
 * After every staff write under /api/admin that succeeded: its audit row, named by the route. A
 * handler that knows more (the member a topic belongs to) says so with `c.set('audit', …)`.
 */
export const auditStaffWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  await auditStaffWrite(c, c.get('deps'));
});

async function auditStaffWrite(c: Context<AppEnv>, deps: Deps) {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status >= 400) return;
  const user = c.get('user');
  if (!user || !c.get('isAdmin')) return;
  // The pattern of the handler that answered (after `next()`, the route index is the answering
  // handler's), not this middleware's; the last route matched is the API's catch-all `/api/*`.
  const pattern = routePath(c);
  const params = paramsOf(pattern, c.req.path);
  const more = c.get('audit') ?? {};
  const [objectType, objectId] = Object.entries(params).find(([name]) => name !== 'userId') ?? [null, null];
  try {
    await writeAudit(deps.db, actorOf(c), {
      action: `${c.req.method} ${pattern}`,
      memberId: more.memberId ?? params.userId ?? null,
      objectType,
      objectId,
      detail: more.detail ?? {},
    });
  } catch (err) {
    deps.log.error({ err, action: `${c.req.method} ${pattern}` }, 'audit row not written');
  }
}
