import { ArrowRight, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { useSite } from "~/lib/site-data";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import type { RedirectsData } from "./staff-queries.server";
import { fixFieldsToast, redirectsSchema, type RedirectsResult } from "./staff-schema";
import { formatDate } from "~/lib/dates";

/** /edit-redirects: permanent redirects from old addresses, and the addresses visitors missed, each
 * one click from a redirect. */
export function RedirectsScreen({ data }: { data: RedirectsData }) {
  const fetcher = useFetcher<RedirectsResult>();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const { publicUrl } = useSite();
  const [schema] = useState(() => redirectsSchema(publicUrl));
  const {
    fieldErrors: errors,
    setFieldErrors: setErrors,
    pending: busy,
  } = useStaffAction(fetcher, (result) => {
    if (result.ok && result.intent === "add") {
      setFrom("");
      setTo("");
    }
  });

  const people = data.missed.filter((path) => !path.bot);
  const robots = data.missed.filter((path) => path.bot);

  return (
    <AdminPage
      title="Redirections"
      intro="Une ancienne adresse du site mène à une autre, pour les visiteurs comme pour les moteurs de recherche."
      back={{ to: "/edit-pages", label: "Retour à Éditer les Pages" }}
    >
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={(event) => setErrors(checkBeforeSending(event, schema, fixFieldsToast))}
        className="grid gap-4 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:grid-cols-[1fr_1fr_auto] sm:items-start sm:p-7"
      >
        <input type="hidden" name="intent" value="add" />
        <Field label="Ancienne adresse" hint="Par exemple /services" error={errors.from} required>
          {(props) => (
            <Input
              {...props}
              name="from"
              value={from}
              onChange={(e) => {
                setFrom(e.target.value);
                if (errors.from) setErrors((all) => ({ ...all, from: "" }));
              }}
            />
          )}
        </Field>
        <Field label="Nouvelle adresse" hint="Une page de ce site, par exemple /notre-offre" error={errors.to} required>
          {(props) => (
            <Input
              {...props}
              name="to"
              value={to}
              onChange={(e) => {
                setTo(e.target.value);
                if (errors.to) setErrors((all) => ({ ...all, to: "" }));
              }}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy} className="sm:mt-7">
          Ajouter
        </Button>
      </fetcher.Form>

      <h2 className="mt-10 text-2xl font-semibold">Redirections en place</h2>
      {data.redirects.length === 0 ? (
        <p className="mt-3 text-stone">Aucune redirection pour l'instant.</p>
      ) : (
        <ul className="mt-4 grid gap-3" data-testid="redirects">
          {data.redirects.map((rule) => (
            <li
              key={rule.id}
              className="flex items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]"
            >
              <p className="flex min-w-0 flex-wrap items-center gap-2 break-all">
                <code>{rule.from}</code>
                <ArrowRight className="size-4 shrink-0 text-stone" aria-label="mène à" />
                <Link to={rule.to} className="underline underline-offset-4">
                  {rule.to}
                </Link>
              </p>
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={rule.id} />
                <Button
                  type="submit"
                  variant="dangerGhost"
                  size="sm"
                  disabled={busy}
                  aria-label={`Retirer ${rule.from}`}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      )}

      <MissedList
        title="Adresses manquées par les visiteurs"
        paths={people}
        onRedirect={(path) => {
          setFrom(path);
          setErrors({});
          document.getElementsByName("from")[0]?.scrollIntoView({ block: "center" });
          window.setTimeout(() => document.getElementsByName("to")[0]?.focus(), 0);
        }}
      />
      <MissedList title="Adresses manquées par les robots" paths={robots} onRedirect={(path) => setFrom(path)} />
    </AdminPage>
  );
}

function MissedList({
  title,
  paths,
  onRedirect,
}: {
  title: string;
  paths: RedirectsData["missed"];
  onRedirect: (path: string) => void;
}) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-semibold">{title}</h2>
      {paths.length === 0 ? (
        <p className="mt-3 text-stone">Aucune pour l'instant.</p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {paths.map((path) => (
            <li
              key={path.id}
              className="flex items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]"
            >
              <div className="min-w-0">
                <p className="font-medium break-all">{path.path}</p>
                <p className="text-sm text-stone">
                  {path.hits} {path.hits > 1 ? "visites" : "visite"} · dernière le{" "}
                  {formatDate(path.lastSeen, "shortDateTime")}
                </p>
              </div>
              <Button type="button" size="sm" variant="outline" onClick={() => onRedirect(path.path)}>
                Rediriger
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
