import type { StaffRole } from '@core28/core/staff';
import { desc, eq } from 'drizzle-orm';
import { auditLog, coachAssignments, coachProfiles, userRoles } from '../platform/db/schema.ts';
import { createMember, json, type TestApp } from './harness.ts';

// The team's test fixtures: staff made directly in the database, members assigned to them, the
// audit rows their writes leave.

/** A confirmed account holding these roles, with a coach profile when it coaches. */
export async function staffMember(
  t: TestApp,
  roles: StaffRole[] = ['coach'],
  { name = 'Test Coach', seats = 0 }: { name?: string; seats?: number } = {},
) {
  const member = await createMember(t, undefined, { plan: 'none' });
  await t.db.insert(userRoles).values(roles.map((role) => ({ userId: member.userId, role })));
  if (roles.includes('coach'))
    await t.db.insert(coachProfiles).values({ userId: member.userId, name, seats });
  return member;
}

export const assign = (t: TestApp, userId: string, coachId: string) =>
  t.db
    .insert(coachAssignments)
    .values({ userId, coachId })
    .onConflictDoUpdate({ target: coachAssignments.userId, set: { coachId } });

export async function coachOfMember(t: TestApp, userId: string) {
  const [row] = await t.db.select().from(coachAssignments).where(eq(coachAssignments.userId, userId));
  return row?.coachId ?? null;
}

/** The newest audit rows, newest first. */
export const auditRows = (t: TestApp, limit = 5) =>
  t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);

export async function userIdOf(t: TestApp, cookie: string): Promise<string> {
  return (await json(await t.request('/api/me', { cookie }))).user.id;
}
