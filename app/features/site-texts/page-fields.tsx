// A document's fields on /edit-pages, by group: texts with their counts of characters, pictures with
// the text that describes them, and for a page its search preview.
import { Field, Input, Textarea } from "~/components/ui/field";
import { TITLE_SHOWN } from "~/components/seo-preview";
import { UploadField } from "~/features/uploads/upload-field";
import type { FieldErrors } from "~/lib/staff-action";
import { fullTitle } from "~/lib/seo";
import { useSite } from "~/lib/site-data";
import { typography } from "~/lib/typography";
import { PAGE_SEO, SEO_GROUP, type FieldSpec, type SitePage, type SiteTexts } from "~/features/site-texts/site-texts";
import { PageSeoPreview } from "./seo-preview";

/** One group of a document's fields; a picture's description is shown with its picture. */
export function FieldGroup({
  group,
  page,
  fields,
  values,
  errors,
  onChange,
}: {
  group: string;
  page: SitePage;
  fields: readonly FieldSpec[];
  values: SiteTexts;
  errors: FieldErrors;
  onChange: (key: string, value: string) => void;
}) {
  return (
    <fieldset className="grid min-w-0 gap-5 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-7">
      <legend className="float-left mb-1 text-lg font-semibold">{group}</legend>
      {fields
        .filter((field) => field.group === group && !field.altOf)
        .map((field) => {
          if (field.kind !== "image")
            return (
              <TextField
                key={field.key}
                field={field}
                seoTitleOf={field.key === "seoTitle" && page !== "settings" ? PAGE_SEO[page].title : undefined}
                value={values[field.key] ?? ""}
                error={errors[field.key]}
                onChange={onChange}
              />
            );
          const alt = fields.find((other) => other.altOf === field.key);
          return (
            <PictureField key={field.key} field={field} alt={alt} values={values} errors={errors} onChange={onChange} />
          );
        })}
      {group === SEO_GROUP && page !== "settings" && <PageSeoPreview page={page} values={values} />}
    </fieldset>
  );
}

/** A text field with its count of characters. A page's search title counts what search engines
 * show: the title with the site's name the page adds, against the length they display. */
function TextField({
  field,
  value,
  error,
  required = field.required,
  seoTitleOf,
  onChange,
}: {
  field: FieldSpec;
  value: string;
  error?: string;
  required?: boolean;
  /** For a page's search title: the page's own title, used when the field is empty. */
  seoTitleOf?: string;
  onChange: (key: string, value: string) => void;
}) {
  const site = useSite();
  const length = value.trim().length;
  const shownTitle = seoTitleOf === undefined ? null : fullTitle(value.trim() || seoTitleOf, site.name);
  const counter = field.range ? (
    <span>
      {`De ${field.range.min} à ${field.range.max}`}
      {required ? "" : " · facultatif"}
    </span>
  ) : shownTitle === null ? (
    <span className={length > field.max ? "font-medium text-danger" : undefined}>
      {length} / {field.max} caractères{required ? "" : " · facultatif"}
    </span>
  ) : (
    <span className={shownTitle.length > TITLE_SHOWN || length > field.max ? "font-medium text-danger" : undefined}>
      {shownTitle.length} / {TITLE_SHOWN} caractères dans les résultats, avec «{"\u00a0"}| {site.name}
      {"\u00a0"}» ajouté par le site · facultatif
    </span>
  );
  const hint = (
    <>
      {field.hint && <span className="block">{typography(field.hint)}</span>}
      {counter}
    </>
  );
  return (
    <Field label={field.label} hint={hint} error={error} required={required}>
      {(props) => {
        const common = {
          ...props,
          name: field.key,
          value,
          onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            onChange(field.key, event.target.value),
        };
        if (field.kind === "long") return <Textarea {...common} rows={3} />;
        if (field.kind === "number")
          return <Input {...common} type="text" inputMode="numeric" className="max-w-40" autoComplete="off" />;
        const type =
          field.kind === "email" ? "email" : field.kind === "phone" ? "tel" : field.kind === "url" ? "url" : "text";
        return <Input {...common} type={type} />;
      }}
    </Field>
  );
}

/** A picture uploaded to the site (empty: the page's own) and, beside it, the text that describes it,
 * required once a picture is chosen. */
function PictureField({
  field,
  alt,
  values,
  errors,
  onChange,
}: {
  field: FieldSpec;
  alt: FieldSpec | undefined;
  values: SiteTexts;
  errors: FieldErrors;
  onChange: (key: string, value: string) => void;
}) {
  const value = values[field.key] ?? "";
  return (
    <div className="grid gap-5 rounded-2xl border border-ink/10 bg-ivory/60 p-4 sm:p-5 lg:grid-cols-2">
      <div>
        <input type="hidden" name={field.key} value={value} />
        <UploadField
          bucket="gallery-images"
          label={field.label}
          value={value}
          hint={field.hint}
          onUploaded={({ url }) => onChange(field.key, url)}
          onRemove={() => onChange(field.key, "")}
          failureMessage="Impossible de téléverser l'image."
        />
        {errors[field.key] && (
          <p role="alert" className="mt-2 text-sm text-danger">
            {errors[field.key]}
          </p>
        )}
      </div>
      {alt && (
        <TextField
          field={alt}
          value={values[alt.key] ?? ""}
          error={errors[alt.key]}
          required={Boolean(value)}
          onChange={onChange}
        />
      )}
    </div>
  );
}
