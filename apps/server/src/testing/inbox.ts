import type { StaffRole } from '@core28/core/staff';
import { coachAssignments, userRoles } from '../platform/db/schema.ts';
import { createMember, type TestApp } from './harness.ts';

// Staff of a coaching team for the inbox's tests: coaches made of accounts with role rows, and
// members assigned to them (the team feature's own flows are tested there).

/** A signed-in staff account with these roles (a coach by default). */
export async function newStaff(t: TestApp, roles: StaffRole[] = ['coach']) {
  const account = await createMember(t, undefined, { plan: 'none' });
  await t.db.insert(userRoles).values(roles.map((role) => ({ userId: account.userId, role })));
  return account;
}

/** Makes `coachId` the member's coach. */
export const assignTo = (t: TestApp, member: { userId: string }, coachId: string) =>
  t.db
    .insert(coachAssignments)
    .values({ userId: member.userId, coachId })
    .onConflictDoUpdate({ target: coachAssignments.userId, set: { coachId } });
