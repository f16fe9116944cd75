import { type GrantableRole, ROLE_LABELS, type StaffRole } from '@core28/core/staff';

export const rolesInWords = (roles: readonly string[]) =>
  roles.map((role) => ROLE_LABELS[role as StaffRole] ?? role).join(' · ');

const HINTS: Record<GrantableRole, string> = {
  coach: 'Answers their own members (seats set by you)',
  editor: 'Blog, exercises and programs',
  all_members: 'Sees and coaches every member',
  support: 'The support inbox',
};

/** The roles and grants to give, as checkboxes. */
export function RoleChoice({
  legend,
  roles,
  chosen,
  onChange,
}: {
  legend: string;
  roles: readonly GrantableRole[];
  chosen: GrantableRole[];
  onChange: (roles: GrantableRole[]) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {roles.map((role) => (
        <label key={role} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={chosen.includes(role)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, role] : chosen.filter((other) => other !== role))
            }
          />
          <span>
            <span className="font-medium">{ROLE_LABELS[role]}</span>
            <span className="block text-xs text-zinc-600">{HINTS[role]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
