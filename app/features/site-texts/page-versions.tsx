// A document's published versions on /edit-pages, newest first; an older one can be brought back.
import { History, RotateCcw } from "lucide-react";
import type { FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { changesText, type SitePage } from "~/features/site-texts/site-texts";
import type { EditPagesData } from "./staff-queries.server";
import type { EditPagesResult } from "./staff-schema";
import { typography } from "~/lib/typography";

/** Its fetcher is the screen's: a version brought back also refills the form. */
export function VersionHistory({
  page,
  versions,
  fetcher,
  busy,
}: {
  page: SitePage;
  versions: EditPagesData["versions"];
  fetcher: FetcherWithComponents<EditPagesResult>;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="historique-titre" className="mt-12">
      <h2 id="historique-titre" className="flex items-center gap-2 text-2xl font-semibold">
        <History className="size-5" aria-hidden="true" /> Historique
      </h2>
      {versions.length === 0 ? (
        <p className="mt-3 text-stone">
          {typography("Aucune publication pour l'instant : la page montre ses textes d'origine.")}
        </p>
      ) : (
        <ol className="mt-4 grid gap-3" data-testid="versions">
          {versions.map((version, index) => (
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
                    : `Modifié\u00a0: ${changesText(version.changed)}`}
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
  );
}
