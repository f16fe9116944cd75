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
  idPrefix,
  legend,
  roles,
  chosen,
  onChange,
}: {
  /** Makes the checkboxes' ids unique on the page (a form and a dialog may both be open). */
  idPrefix: string;
  legend: string;
  roles: readonly GrantableRole[];
  chosen: GrantableRole[];
  onChange: (roles: GrantableRole[]) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {roles.map((role) => {
        const id = `${idPrefix}-${role}`;
        return (
          <div key={role} className="flex items-start gap-2 text-sm">
            <input
              id={id}
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              aria-describedby={`${id}-hint`}
              checked={chosen.includes(role)}
              onChange={(e) =>
                onChange(e.target.checked ? [...chosen, role] : chosen.filter((other) => other !== role))
              }
            />
            <div>
              <label htmlFor={id} className="font-medium">
                {ROLE_LABELS[role]}
              </label>
              <p id={`${id}-hint`} className="text-xs text-zinc-600">
                {HINTS[role]}
              </p>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
