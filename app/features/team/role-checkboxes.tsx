import { Checkbox } from "~/components/ui/field";
import { typography } from "~/lib/typography";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/rules/staff-roles";

/** The four roles as checkboxes named 'roles.<role>', each with what it opens. */
export function RoleCheckboxes({
  legend,
  checked,
  error,
  disabled,
}: {
  legend: string;
  checked: readonly StaffRole[];
  error?: string;
  disabled?: boolean;
}) {
  const errorId = `${legend}-roles-error`.replace(/\W+/g, "-");
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{typography(legend)}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {STAFF_ROLES.map((role) => (
          // eslint-disable-next-line jsx-a11y/label-has-associated-control -- Checkbox renders the <input type="checkbox"> inside this label
          <label
            key={role}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-ink/10 bg-ivory/60 p-3 has-[:checked]:border-brass has-[:checked]:bg-brass-light/20"
          >
            <Checkbox
              name={`roles.${role}`}
              value="on"
              defaultChecked={checked.includes(role)}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 shrink-0"
            />
            <span>
              <span className="block text-sm font-medium">{ROLE_LABELS[role]}</span>
              <span className="block text-xs text-stone">{typography(ROLE_DESCRIPTIONS[role])}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {typography(error)}
        </p>
      )}
    </fieldset>
  );
}

/** An account's or an invitation's roles as short labels. */
export function RoleBadges({ roles }: { roles: readonly StaffRole[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Rôles">
      {roles.map((role) => (
        <li key={role} className="rounded-full bg-ink/6 px-2.5 py-0.5 text-xs font-medium text-ink">
          {ROLE_LABELS[role]}
        </li>
      ))}
    </ul>
  );
}
