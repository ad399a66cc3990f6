// The contact form's fields: each with its label, limit, message and, after a submission without
// JavaScript, the value the visitor had typed.
import { Phone } from "lucide-react";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { DATE_INSTALLATION, EMPLACEMENT, LIMITS, TYPE_EMPLACEMENT, type ContactField } from "./fields";
import type { FieldErrors } from "./form-errors";
import type { ContactValues } from "./form-schema";

export function ContactFields({
  errors,
  values,
  fieldId,
}: {
  errors: FieldErrors;
  values: ContactValues | undefined;
  fieldId: (name: string) => string;
}) {
  return (
    <div className="grid gap-x-5 gap-y-6 sm:grid-cols-2">
      <Field large label="Nom complet" required error={errors.nom_complet}>
        {(p) => (
          <Input
            large
            {...p}
            name="nom_complet"
            type="text"
            autoComplete="name"
            maxLength={LIMITS.nom_complet}
            defaultValue={values?.nom_complet}
          />
        )}
      </Field>

      <Field large label="Courriel" required error={errors.courriel}>
        {(p) => (
          <Input
            large
            {...p}
            name="courriel"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LIMITS.courriel}
            defaultValue={values?.courriel}
          />
        )}
      </Field>

      <ChoiceField
        name="type_emplacement"
        label="Type d'emplacement"
        options={TYPE_EMPLACEMENT}
        defaultValue={values?.type_emplacement}
        error={errors.type_emplacement}
      />

      <ChoiceField
        name="emplacement"
        label="Région"
        options={EMPLACEMENT}
        defaultValue={values?.emplacement}
        error={errors.emplacement}
      />

      <ChoiceField
        name="date_installation"
        label="Délai d'installation souhaité"
        options={DATE_INSTALLATION}
        defaultValue={values?.date_installation}
        error={errors.date_installation}
        className="sm:col-span-2"
      />

      <Field
        large
        label="Votre demande"
        required
        error={errors.description_demande}
        className="sm:col-span-2"
        hint="Votre lieu, le nombre de personnes sur place, vos envies de produits…"
      >
        {(p) => (
          <Textarea
            large
            {...p}
            name="description_demande"
            rows={5}
            maxLength={LIMITS.description_demande}
            defaultValue={values?.description_demande}
          />
        )}
      </Field>

      <PhoneChoice errors={errors} values={values} fieldId={fieldId} />
    </div>
  );
}

/** "Call me" box and the phone number it asks for. */
function PhoneChoice({
  errors,
  values,
  fieldId,
}: {
  errors: FieldErrors;
  values: ContactValues | undefined;
  fieldId: (name: string) => string;
}) {
  // The phone field shows when the box is ticked: pure CSS, so it works without JavaScript.
  return (
    <div className="group/phone grid gap-4 sm:col-span-2">
      <label
        htmlFor={fieldId("prefere_telephone")}
        className={cn(
          "flex min-h-14 cursor-pointer items-center gap-4 rounded-xl border border-ink/12 bg-ivory/60 px-4 py-3",
          "transition-colors hover:border-ink/30 has-checked:border-brass/60 has-checked:bg-brass-light/20",
          "has-focus-visible:ring-4 has-focus-visible:ring-brass/25",
        )}
      >
        <input
          id={fieldId("prefere_telephone")}
          name="prefere_telephone"
          type="checkbox"
          defaultChecked={values?.prefere_telephone}
          aria-controls={`${fieldId("telephone-bloc")}`}
          className="size-5 shrink-0 cursor-pointer rounded accent-ink focus-visible:outline-none"
        />
        <span className="flex items-center gap-2 text-[0.95rem] font-medium text-ink">
          <Phone className="size-4 text-brass-ink" aria-hidden="true" />
          Je préfère être contacté par téléphone
        </span>
      </label>

      <div id={fieldId("telephone-bloc")} className="hidden group-has-checked/phone:block">
        {/* Required once the box is ticked: said with aria-required, since the field is hidden
            (and not sent as required) otherwise. */}
        <Field large label="Numéro de téléphone" required error={errors.numero_telephone}>
          {(p) => (
            <Input
              large
              {...p}
              required={undefined}
              aria-required="true"
              name="numero_telephone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="418 555-0123"
              maxLength={LIMITS.numero_telephone}
              defaultValue={values?.numero_telephone}
              className="sm:max-w-xs"
            />
          )}
        </Field>
      </div>
    </div>
  );
}

/** An optional choice from a list; empty is sent as null. */
function ChoiceField({
  name,
  label,
  options,
  defaultValue,
  error,
  className,
}: {
  name: ContactField;
  label: string;
  options: readonly { readonly value: string; readonly label: string }[];
  defaultValue?: string;
  error?: string;
  className?: string;
}) {
  return (
    <Field large label={label} error={error} className={className}>
      {(p) => (
        <Select large {...p} name={name} defaultValue={defaultValue ?? ""}>
          <option value="">Choisir (facultatif)</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
