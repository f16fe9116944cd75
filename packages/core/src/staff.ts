// Who on the team may do what (docs/decisions/0027). The one rule for staff, beside the plan rule
// (entitlements.ts): every admin route, live handler and page asks `staffMay` and
// `memberScopeOf`; nothing else compares role names.

/** The roles and grants an account holds, as `user_roles` rows. */
export const STAFF_ROLES = ['owner', 'coach', 'editor', 'all_members', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What the owner can give in an invitation or on the team page (the owner role is not given). */
export const GRANTABLE_ROLES = ['coach', 'editor', 'all_members', 'support'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  coach: 'Coach',
  editor: 'Content editor',
  all_members: 'All members',
  support: 'Support inbox',
};

export type StaffCapability =
  /** Any staff page: the admin area's shell. */
  | 'admin-area'
  /** The team: invitations, roles and grants, seats, assignments, second-factor resets. */
  | 'team'
  /** Money: the business figures, paid counts, billing settings. */
  | 'business'
  /** The audit log. */
  | 'audit'
  /** Coaching: the inbox, member details, custom plans, saved replies (within the member scope). */
  | 'coach'
  /** The blog, the exercise library, programs and their days. */
  | 'content'
  /** The support inbox (contact messages). */
  | 'support';

/**
 * A signed-in account's staff standing: its roles, and whether this session may use them. A
 * staff session without a second factor (when one is required) has member capabilities only.
 */
export type Staff = {
  roles: readonly StaffRole[];
  /** The session passed a second factor, or the install does not require one. */
  secondFactor: boolean;
};

/** The roles this session may act with: none without its second factor. */
export const activeRoles = (staff: Staff | null): readonly StaffRole[] =>
  staff?.secondFactor ? staff.roles : [];

/** Whether the account holds a staff role at all (whether or not this session may use it). */
export const isStaffAccount = (staff: Staff | null) => (staff?.roles.length ?? 0) > 0;

/** Whether the account is staff and this session may act as staff. */
export const isActingStaff = (staff: Staff | null) => activeRoles(staff).length > 0;

const CAPABILITY_ROLES: Record<StaffCapability, readonly StaffRole[]> = {
  'admin-area': STAFF_ROLES,
  team: ['owner'],
  business: ['owner'],
  audit: ['owner'],
  coach: ['owner', 'coach', 'all_members'],
  content: ['owner', 'editor'],
  support: ['owner', 'support'],
};

export function staffMay(staff: Staff | null, capability: StaffCapability): boolean {
  const roles = activeRoles(staff);
  return CAPABILITY_ROLES[capability].some((role) => roles.includes(role));
}

/**
 * Which members a staff session may coach and read: every member (the owner, or the all-members
 * grant), only those assigned to them (a coach), or none (an editor, the support inbox alone).
 */
export type MemberScope = 'all' | 'assigned' | 'none';

export function memberScopeOf(staff: Staff | null): MemberScope {
  const roles = activeRoles(staff);
  if (roles.includes('owner') || roles.includes('all_members')) return 'all';
  if (roles.includes('coach')) return 'assigned';
  return 'none';
}

/** Whether this staff session may read and coach a member assigned to `coachId` (null: nobody). */
export function mayCoachMember(
  staff: Staff | null,
  { viewerId, coachId }: { viewerId: string; coachId: string | null },
): boolean {
  const scope = memberScopeOf(staff);
  return scope === 'all' || (scope === 'assigned' && coachId === viewerId);
}

/** The pages of the admin area, each with the capability that opens it (the web's navigation). */
export const ADMIN_PAGES = [
  { path: '/admin', capability: 'business' },
  { path: '/admin/business', capability: 'business' },
  { path: '/admin/one-on-one', capability: 'coach' },
  { path: '/admin/users', capability: 'coach' },
  { path: '/admin/program', capability: 'coach' },
  { path: '/admin/programs', capability: 'content' },
  { path: '/admin/exercises', capability: 'content' },
  { path: '/admin/blog', capability: 'content' },
  { path: '/admin/support', capability: 'support' },
  { path: '/admin/team', capability: 'team' },
  { path: '/admin/waitlist', capability: 'team' },
  { path: '/admin/coach-profile', capability: 'coach' },
  { path: '/admin/audit', capability: 'audit' },
] as const satisfies readonly { path: string; capability: StaffCapability }[];

/** Where a staff session lands in the admin area: the first page it may open. */
export const adminHomeOf = (staff: Staff | null) =>
  ADMIN_PAGES.find((page) => staffMay(staff, page.capability))?.path ?? null;
