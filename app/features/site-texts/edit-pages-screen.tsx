import { Eye, History, RotateCcw, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { Button } from "~/components/ui/button";
import { Field, Input, Textarea } from "~/components/ui/field";
import { UploadField } from "~/features/uploads/upload-field";
import { cn } from "~/lib/cn";
import type { FieldErrors } from "~/lib/staff-action";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { useUnsavedChanges } from "~/lib/use-unsaved-changes";
import { TITLE_SHOWN } from "~/components/seo-preview";
import { fullTitle } from "~/lib/seo";
import { useSite } from "~/lib/site-data";
import {
  PAGE_FIELDS,
  PAGE_INFO,
  PAGE_SEO,
  SEO_GROUP,
  SITE_PAGES,
  type FieldSpec,
  type SiteTexts,
} from "~/features/site-texts/site-texts";
import type { EditPagesData } from "./staff-queries.server";
import { EditPagesSchema, fixFieldsToast, type EditPagesResult } from "./staff-schema";
import { PageSeoPreview } from "./seo-preview";
import { formatDate } from "~/lib/dates";

/** /edit-pages: one document at a time (the settings or a page's texts and pictures), edited as a
 * draft, previewed at phone and desktop widths, then published; its versions can be brought back. */
export function EditPagesScreen({ data }: { data: EditPagesData }) {
  const { page } = data;
  const fetcher = useFetcher<EditPagesResult>();
  const [values, setValues] = useState<SiteTexts>(data.draft ?? data.published);
  const [previewing, setPreviewing] = useState(false);
  const [previewKey, setPreviewKey] = useState(0);
  const previewRef = useRef<HTMLHeadingElement>(null);
  const fields = PAGE_FIELDS[page];
  const groups = [...new Set(fields.map((field) => field.group))];

  // Unsaved: the form differs from what is stored (the draft, else the published texts). Leaving the
  // tab, the screen or the browser then asks first.
  const saved = data.draft ?? data.published;
  const dirty = fields.some((field) => (values[field.key] ?? "") !== (saved[field.key] ?? ""));
  const unsaved = useUnsavedChanges({
    dirty,
    description: `Vos modifications de «\u00a0${PAGE_INFO[page].label}\u00a0» ne sont ni enregistrées en brouillon ni publiées\u00a0: elles seront perdues.`,
  });

  // A fresh preview is shown where the owner is looking, on a phone too: scrolled to and focused.
  useEffect(() => {
    if (previewKey === 0) return;
    const heading = previewRef.current;
    heading?.scrollIntoView({ block: "start" });
    heading?.focus({ preventScroll: true });
  }, [previewKey]);

  const {
    fieldErrors,
    setFieldErrors,
    pending: busy,
  } = useStaffAction(fetcher, (result) => {
    if (!result.ok) return;
    if (result.intent === "draft") return setPreviewKey((n) => n + 1);
    setPreviewing(false);
    // The form shows what is now published: the version brought back, or the values the draft replaced.
    if (result.intent === "restore" || result.intent === "discard") setValues(data.published);
  });

  function change(key: string, value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    if (fieldErrors[key]) setFieldErrors((e) => ({ ...e, [key]: "" }));
  }

  // The server's answer is what counts; checking here too names the wrong fields at once.
  function check(event: React.FormEvent<HTMLFormElement>) {
    const errors = checkBeforeSending(event, EditPagesSchema, fixFieldsToast);
    setFieldErrors(errors);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (Object.keys(errors).length === 0 && submitter?.value === "draft") setPreviewing(true);
  }

  const previewUrl = `${PAGE_INFO[page].path}?apercu=1`;

  return (
    <AdminPage
      title="Éditer les Pages"
      intro="Les modifications restent un brouillon jusqu'à leur publication : l'aperçu les montre à vous seul."
      actions={
        <>
          <Link to="/edit-redirects" className="text-sm font-medium underline underline-offset-4">
            Redirections
          </Link>
          <Link to="/edit-journal" className="text-sm font-medium underline underline-offset-4">
            Journal d'activité
          </Link>
        </>
      }
    >
      {unsaved.dialog}
      <nav aria-label="Pages" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2">
        {SITE_PAGES.map((name) => (
          <Link
            key={name}
            to={`?page=${name}`}
            aria-current={name === page ? "page" : undefined}
            className={cn(
              "rounded-full border px-4 py-2 text-sm font-medium whitespace-nowrap",
              name === page ? "border-ink bg-ink text-ivory" : "border-ink/15 bg-white hover:border-ink/40",
            )}
          >
            {PAGE_INFO[name].label}
          </Link>
        ))}
      </nav>

      {data.draft && (
        <p className="mt-4 rounded-xl bg-sand px-4 py-3 text-sm" data-testid="draft-notice">
          Un brouillon non publié est en cours : les visiteurs voient encore la version publiée.
        </p>
      )}

      <fetcher.Form method="post" onSubmit={check} noValidate className="mt-6 grid gap-8">
        <input type="hidden" name="page" value={page} />
        {groups.map((group) => (
          <fieldset
            key={group}
            className="grid min-w-0 gap-5 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-7"
          >
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
                      error={fieldErrors[field.key]}
                      onChange={change}
                    />
                  );
                const alt = fields.find((other) => other.altOf === field.key);
                return (
                  <PictureField
                    key={field.key}
                    field={field}
                    alt={alt}
                    values={values}
                    errors={fieldErrors}
                    onChange={change}
                  />
                );
              })}
            {group === SEO_GROUP && page !== "settings" && <PageSeoPreview page={page} values={values} />}
          </fieldset>
        ))}
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap gap-2 border-t border-ink/10 bg-ivory/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-full sm:border sm:px-3">
          <Button type="submit" name="intent" value="draft" variant="outline" disabled={busy}>
            <Eye aria-hidden="true" /> Aperçu
          </Button>
          <Button type="submit" name="intent" value="publish" disabled={busy}>
            <Send aria-hidden="true" /> Publier
          </Button>
          {data.draft && (
            <Button type="submit" name="intent" value="discard" variant="dangerGhost" disabled={busy}>
              Abandonner le brouillon
            </Button>
          )}
        </div>
      </fetcher.Form>

      {previewing && data.draft && (
        <section aria-labelledby="apercu-titre" className="mt-10" data-testid="preview">
          <h2
            id="apercu-titre"
            ref={previewRef}
            tabIndex={-1}
            className="scroll-mt-24 text-2xl font-semibold outline-none"
          >
            Aperçu
          </h2>
          <p className="mt-1 text-sm text-stone">
            La page telle qu'elle sera publiée, visible de vous seul.{" "}
            <a href={previewUrl} target="_blank" rel="noreferrer" className="underline underline-offset-4">
              Ouvrir dans un onglet
            </a>
          </p>
          <div className="mt-4 flex gap-6 overflow-x-auto pb-4">
            <PreviewFrame src={previewUrl} width={390} height={844} label="Téléphone" reload={previewKey} />
            <PreviewFrame src={previewUrl} width={1280} height={800} label="Ordinateur" reload={previewKey} />
          </div>
        </section>
      )}

      <section aria-labelledby="historique-titre" className="mt-12">
        <h2 id="historique-titre" className="flex items-center gap-2 text-2xl font-semibold">
          <History className="size-5" aria-hidden="true" /> Historique
        </h2>
        {data.versions.length === 0 ? (
          <p className="mt-3 text-stone">Aucune publication pour l'instant : la page montre ses textes d'origine.</p>
        ) : (
          <ol className="mt-4 grid gap-3" data-testid="versions">
            {data.versions.map((version, index) => (
              <li
                key={version.id}
                className="rounded-2xl bg-white p-4 shadow-[var(--shadow-card)] sm:flex sm:items-start sm:justify-between sm:gap-6"
              >
                <div>
                  {/* The first version alone changed nothing: the texts as installed. */}
                  <p className="font-medium">
                    {version.changed.length === 0
                      ? "Textes d'origine"
                      : `${formatDate(version.publishedAt, "dateTime")} · ${version.account}`}
                    {index === 0 && (
                      <span className="ml-2 rounded-full bg-sand px-2 py-0.5 text-xs whitespace-nowrap">En ligne</span>
                    )}
                  </p>
                  <p className="mt-1 text-sm text-stone">
                    {version.changed.length === 0
                      ? "Les textes tels qu'installés, avant la première publication."
                      : `Modifié : ${version.changed.join(", ")}`}
                  </p>
                </div>
                {index > 0 && (
                  <fetcher.Form method="post" className="mt-3 shrink-0 sm:mt-0">
                    <input type="hidden" name="page" value={page} />
                    <input type="hidden" name="version" value={version.id} />
                    <Button type="submit" name="intent" value="restore" size="sm" variant="outline" disabled={busy}>
                      <RotateCcw aria-hidden="true" /> Restaurer
                    </Button>
                  </fetcher.Form>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </AdminPage>
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
  const counter =
    shownTitle === null ? (
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
      {field.hint && <span className="block">{field.hint}</span>}
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

/** The real page with the draft, at a device's width, shrunk to fit beside the other. */
function PreviewFrame({
  src,
  width,
  height,
  label,
  reload,
}: {
  src: string;
  width: number;
  height: number;
  label: string;
  reload: number;
}) {
  const scale = width > 600 ? 0.5 : 0.75;
  return (
    <figure className="shrink-0">
      <div
        className="overflow-hidden rounded-xl border border-ink/15 bg-white shadow-[var(--shadow-card)]"
        style={{ width: width * scale, height: height * scale }}
      >
        <iframe
          key={reload}
          src={src}
          title={`Aperçu : ${label}, ${width} px`}
          width={width}
          height={height}
          style={{ transform: `scale(${scale})`, transformOrigin: "0 0" }}
          className="border-0"
        />
      </div>
      <figcaption className="mt-2 text-sm text-stone">
        {label} · {width} px
      </figcaption>
    </figure>
  );
}
