import { AdminPage } from "~/components/admin-page";
import type { JournalData } from "./staff-queries.server";
import { formatDate, isoLocal } from "~/lib/dates";
import { typography } from "~/lib/typography";

type Entry = JournalData["entries"][number];

/** The lines grouped by day, newest first (the lines come newest first). */
function byDay(entries: Entry[]) {
  const days: { key: string; label: string; entries: Entry[] }[] = [];
  for (const entry of entries) {
    const at = new Date(entry.at);
    const key = isoLocal(at).day;
    if (days.at(-1)?.key !== key) {
      const label = formatDate(at, "weekday");
      days.push({ key, label: label.charAt(0).toLocaleUpperCase("fr-CA") + label.slice(1), entries: [] });
    }
    days.at(-1)!.entries.push(entry);
  }
  return days;
}

/** /edit-journal: who changed what and when, newest first, by day; each line says what was done and to
 * what, then the screen and the account (readable on a phone). */
export function JournalScreen({ data }: { data: JournalData }) {
  return (
    <AdminPage title="Journal d'activité" intro="Chaque modification faite par l'équipe, gardée un an.">
      {data.entries.length === 0 ? (
        <p className="text-stone">Aucune modification pour l'instant.</p>
      ) : (
        <div className="grid max-w-3xl gap-8" data-testid="journal">
          {byDay(data.entries).map((day) => (
            <section key={day.key} aria-labelledby={`jour-${day.key}`}>
              <h2
                id={`jour-${day.key}`}
                className="font-sans text-xs font-semibold tracking-[0.14em] text-stone uppercase"
              >
                {day.label}
              </h2>
              <ol className="mt-3 divide-y divide-ink/8 rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)]">
                {day.entries.map((entry) => (
                  <li key={entry.id} className="flex gap-4 px-4 py-3.5 sm:gap-6 sm:px-6 sm:py-4">
                    <time dateTime={entry.at} className="w-14 shrink-0 pt-0.5 text-sm text-stone tabular-nums">
                      {formatDate(entry.at, "time")}
                    </time>
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold text-ink">{typography(entry.what)}</p>
                      {entry.item && <p className="mt-0.5 text-sm break-words text-ink-3">{typography(entry.item)}</p>}
                      <p className="mt-1 text-xs break-words text-stone">
                        {entry.area}
                        <span aria-hidden="true"> · </span>
                        <span className="sr-only">, par </span>
                        <span className="font-medium text-ink-3">{entry.account}</span>
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </AdminPage>
  );
}
