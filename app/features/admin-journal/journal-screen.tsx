import { AdminPage } from "~/components/admin-page";
import type { JournalData } from "./queries.server";

// The site's time zone, so the server's page and the browser's agree.
const dateTime = new Intl.DateTimeFormat("fr-CA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "America/Toronto",
});

/** /edit-journal: who changed what and when, newest first, one card per change (readable on a phone). */
export function JournalScreen({ data }: { data: JournalData }) {
  return (
    <AdminPage title="Journal d'activité" intro="Chaque modification faite par l'équipe, gardée un an.">
      {data.entries.length === 0 ? (
        <p className="text-stone">Aucune modification pour l'instant.</p>
      ) : (
        <ol className="grid gap-3" data-testid="journal">
          {data.entries.map((entry) => (
            <li key={entry.id} className="rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-stone">
                <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
                <span aria-hidden="true">·</span>
                <span className="font-medium text-ink">{entry.account}</span>
              </p>
              <p className="mt-1 font-semibold">
                {entry.area} <span className="font-normal text-stone">({entry.action})</span>
              </p>
              {entry.summary && <p className="mt-1 text-sm break-words text-stone">{entry.summary}</p>}
            </li>
          ))}
        </ol>
      )}
    </AdminPage>
  );
}
