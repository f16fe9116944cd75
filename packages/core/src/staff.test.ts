import { describe, expect, it } from 'vitest';
import {
  adminHomeOf,
  isActingStaff,
  mayCoachMember,
  memberScopeOf,
  type Staff,
  type StaffCapability,
  type StaffRole,
  staffMay,
} from './staff.ts';

const staff = (roles: StaffRole[], secondFactor = true): Staff => ({ roles, secondFactor });
const CAPABILITIES: StaffCapability[] = [
  'admin-area',
  'team',
  'business',
  'audit',
  'coach',
  'content',
  'support',
];
const capabilitiesOf = (s: Staff | null) => CAPABILITIES.filter((c) => staffMay(s, c));

describe('what each role may do', () => {
  it('the owner everything; a coach coaching; an editor content; a support grant the inbox', () => {
    expect(capabilitiesOf(staff(['owner']))).toEqual(CAPABILITIES);
    expect(capabilitiesOf(staff(['coach']))).toEqual(['admin-area', 'coach']);
    expect(capabilitiesOf(staff(['editor']))).toEqual(['admin-area', 'content']);
    expect(capabilitiesOf(staff(['coach', 'editor']))).toEqual(['admin-area', 'coach', 'content']);
    expect(capabilitiesOf(staff(['support']))).toEqual(['admin-area', 'support']);
    expect(capabilitiesOf(null)).toEqual([]);
  });

  it('nothing without the second factor: the account acts as a member', () => {
    expect(capabilitiesOf(staff(['owner'], false))).toEqual([]);
    expect(isActingStaff(staff(['owner'], false))).toBe(false);
    expect(memberScopeOf(staff(['owner'], false))).toBe('none');
  });
});

describe('which members', () => {
  it('all for the owner and the all-members grant; assigned for a coach; none for an editor', () => {
    expect(memberScopeOf(staff(['owner']))).toBe('all');
    expect(memberScopeOf(staff(['coach', 'all_members']))).toBe('all');
    expect(memberScopeOf(staff(['coach']))).toBe('assigned');
    expect(memberScopeOf(staff(['editor']))).toBe('none');
  });

  it("a coach coaches their own members, not another coach's nor an unassigned one", () => {
    const coach = staff(['coach']);
    expect(mayCoachMember(coach, { viewerId: 'c1', coachId: 'c1' })).toBe(true);
    expect(mayCoachMember(coach, { viewerId: 'c1', coachId: 'c2' })).toBe(false);
    expect(mayCoachMember(coach, { viewerId: 'c1', coachId: null })).toBe(false);
    expect(mayCoachMember(staff(['owner']), { viewerId: 'o', coachId: 'c2' })).toBe(true);
  });
});

it('each role lands on the first admin page it may open', () => {
  expect(adminHomeOf(staff(['owner']))).toBe('/admin');
  expect(adminHomeOf(staff(['coach']))).toBe('/admin/one-on-one');
  expect(adminHomeOf(staff(['editor']))).toBe('/admin/programs');
  expect(adminHomeOf(staff(['support']))).toBe('/admin/support');
  expect(adminHomeOf(null)).toBeNull();
});
