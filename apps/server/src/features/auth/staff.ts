import { mayCoachMember, memberScopeOf, STAFF_ROLES, type Staff, type StaffRole } from '@core28/core/staff';
import { Column, eq, getTableName, is, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.ts';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { coachAssignments, userRoles } from '../../platform/db/schema.ts';

// An account's staff roles as the session reads them, and the second-factor rule: a staff
// session that did not pass a second factor acts as a member (core staff.ts `activeRoles`).

/**
 * A column named with its table, for a correlated subquery: drizzle leaves a column unqualified
 * in a one-table statement, and there `user_id` would name the subquery's own column.
 */
const qualified = (column: SQL | AnyPgColumn) =>
  is(column, Column)
    ? sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`
    : column;

/** The account's roles and grants, in one subquery of the session's statement. */
export const rolesSql = (userId: SQL | AnyPgColumn) =>
  sql<
    string[]
  >`array(select r.role from ${userRoles} r where r.user_id = ${qualified(userId)} order by r.role)`;

export async function readStaffRoles({ db }: Pick<Deps, 'db'>, { userId }: { userId: string }) {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}

const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** The session's standing: null for a member; roles with whether this session passed a second factor. */
export function staffOf(
  config: Pick<Config, 'staffTwoFactor'>,
  roles: readonly string[],
  twoFactorVerified: boolean,
): Staff | null {
  const known = roles.filter(isStaffRole);
  if (known.length === 0) return null;
  return { roles: known, secondFactor: twoFactorVerified || config.staffTwoFactor === 'optional' };
}

/**
 * The members a staff session may read and coach, as a condition on a statement's member id
 * column: all, those assigned to the viewer (coach_assignments), or none.
 */
export function memberScopeSql(
  staff: Staff | null,
  viewerId: string,
  memberIdColumn: SQL | AnyPgColumn,
): SQL {
  switch (memberScopeOf(staff)) {
    case 'all':
      return sql`true`;
    case 'assigned':
      // The coach's members read once (an InitPlan), then found by id: as a correlated EXISTS the
      // planner walked a list's order over every member (a million) to find a coach's page.
      return sql`${qualified(memberIdColumn)} = any (array(select ca.user_id from coach_assignments ca where ca.coach_id = ${viewerId}))`;
    case 'none':
      return sql`false`;
  }
}

/** The member's coach (null: none assigned). */
export async function coachOf({ db }: Pick<Deps, 'db'>, { userId }: { userId: string }) {
  const [row] = await db
    .select({ coachId: coachAssignments.coachId })
    .from(coachAssignments)
    .where(eq(coachAssignments.userId, userId));
  return row?.coachId ?? null;
}

/**
 * 404 unless this staff session may coach the member: a coach asking for another coach's member
 * learns nothing, not even that the member exists.
 */
export async function assertMayCoach(
  deps: Pick<Deps, 'db'>,
  { staff, viewerId, userId }: { staff: Staff | null; viewerId: string; userId: string },
) {
  if (memberScopeOf(staff) === 'all') return;
  if (!mayCoachMember(staff, { viewerId, coachId: await coachOf(deps, { userId }) }))
    throw new AppError('NOT_FOUND', 'Member not found.');
}
