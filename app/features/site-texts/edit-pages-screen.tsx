import { Eye, Send } from "lucide-react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { Link, useFetcher } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { useUnsavedChanges } from "~/lib/use-unsaved-changes";
import { PAGE_FIELDS, PAGE_INFO, SITE_PAGES, type SitePage, type SiteTexts } from "~/features/site-texts/site-texts";
import { FieldGroup } from "./page-fields";
import { VersionHistory } from "./page-versions";
import type { EditPagesData } from "./staff-queries.server";
import { EditPagesSchema, fixFieldsToast, type EditPagesResult } from "./staff-schema";

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
      <PageTabs page={page} />

      {data.draft && (
        <p className="mt-4 rounded-xl bg-sand px-4 py-3 text-sm" data-testid="draft-notice">
          Un brouillon non publié est en cours&nbsp;: les visiteurs voient encore la version publiée.
        </p>
      )}

      <fetcher.Form method="post" onSubmit={check} noValidate className="mt-6 grid gap-8">
        <input type="hidden" name="page" value={page} />
        {groups.map((group) => (
          <FieldGroup
            key={group}
            group={group}
            page={page}
            fields={fields}
            values={values}
            errors={fieldErrors}
            onChange={change}
          />
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

      {previewing && data.draft && <DraftPreview url={previewUrl} reload={previewKey} headingRef={previewRef} />}

      <VersionHistory page={page} versions={data.versions} fetcher={fetcher} busy={busy} />
    </AdminPage>
  );
}

/** The documents one can edit; the open one is the current page. */
function PageTabs({ page }: { page: SitePage }) {
  return (
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
  );
}

/** The draft on the real page, at a phone's and a computer's widths. */
function DraftPreview({
  url,
  reload,
  headingRef,
}: {
  url: string;
  reload: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section aria-labelledby="apercu-titre" className="mt-10" data-testid="preview">
      <h2 id="apercu-titre" ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-2xl font-semibold outline-none">
        Aperçu
      </h2>
      <p className="mt-1 text-sm text-stone">
        La page telle qu'elle sera publiée, visible de vous seul.{" "}
        <a href={url} target="_blank" rel="noreferrer" className="underline underline-offset-4">
          Ouvrir dans un onglet
        </a>
      </p>
      <div className="mt-4 flex gap-6 overflow-x-auto pb-4">
        <PreviewFrame src={url} width={390} height={844} label="Téléphone" reload={reload} />
        <PreviewFrame src={url} width={1280} height={800} label="Ordinateur" reload={reload} />
      </div>
    </section>
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
