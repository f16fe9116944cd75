import { AUDIT_PAGE_SIZE, type AuditQuery } from '@core28/core/audit';
import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { auditLog, users } from '../../platform/db/schema.ts';

// The owner reads the audit log; a member's data export carries the rows about them.

const auditColumns = {
  id: auditLog.id,
  at: auditLog.createdAt,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  action: auditLog.action,
  memberId: auditLog.memberId,
  objectType: auditLog.objectType,
  objectId: auditLog.objectId,
  detail: auditLog.detail,
  ip: auditLog.ip,
};

/** One page of the log, newest first, by person and by member (an id or an e-mail). */
export async function listAudit({ db }: Pick<Deps, 'db'>, { actor, member, before }: AuditQuery) {
  const conditions: SQL[] = [];
  if (actor) conditions.push(eq(auditLog.actorId, actor));
  if (member)
    conditions.push(
      or(
        eq(auditLog.memberId, member),
        eq(auditLog.memberId, sql`(select u.id from ${users} u where u.email = lower(${member}))`),
      ) as SQL,
    );
  if (before) conditions.push(lt(auditLog.id, before));
  const rows = await db
    .select({
      ...auditColumns,
      memberEmail: sql<string | null>`(select u.email from ${users} u where u.id = ${auditLog.memberId})`,
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map((row) => ({ ...row, at: row.at.toISOString() })),
    nextBefore: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Everyone who has acted, for the log's filter: the name each row keeps, newest first. */
export async function listAuditActors({ db }: Pick<Deps, 'db'>) {
  const result = (await db.execute(sql`
    select distinct on (actor_id) actor_id as id, actor_name as name
    from audit_log where actor_id is not null order by actor_id, id desc`)) as unknown as {
    rows: { id: string; name: string }[];
  };
  return result.rows.sort((a, b) => a.name.localeCompare(b.name));
}

/** The rows about one member, for their data export (who on the staff did what about them). */
export async function auditAbout({ db }: Pick<Deps, 'db'>, { userId }: { userId: string }) {
  const rows = await db
    .select({ at: auditLog.createdAt, by: auditLog.actorName, action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.memberId, userId))
    .orderBy(desc(auditLog.id))
    .limit(10_000);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

// Staff writes outside /api/admin (accepting an invitation) write their own row.
export { type Actor, type AuditEntry, actorOf, writeAudit } from './log.ts';
