import { Download } from "lucide-react";

import { Link } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { formatNumber } from "~/lib/format";
import { CONVERSION_GOAL } from "~/features/statistics/goals";
import { METRICS, type Metric, type Rating, type VitalsSummary } from "~/features/statistics/web-vitals";
import type { StatisticsOverview, VitalsRow } from "./queries.server";
import {
  changeText,
  chartPoints,
  deviceLabel,
  formatPercent,
  goalLabel,
  niceMax,
  pageLabel,
  PERIODS,
  pointsChangeText,
  shortDay,
  sourceLabel,
  type PeriodDays,
} from "./dashboard";
import { ServiceFigures } from "~/features/service/dashboard-figures";
import type { StatisticsPageData } from "./dashboard-queries.server";

export function StatisticsView({ days, overview, vitals, service }: StatisticsPageData) {
  const empty = overview.pageViews.current === 0 && overview.pageViews.previous === 0 && overview.goals.length === 0;
  return (
    <AdminPage
      title="Statistiques"
      intro="Visites, provenance, demandes et vitesse réelle du site, comptées sans témoin ni donnée personnelle."
      actions={
        <a
          href={`/edit-statistiques/export?jours=${days}`}
          download
          className="inline-flex items-center gap-2 rounded-full border border-ink/15 bg-white px-4 py-2 text-sm font-semibold hover:border-brass"
        >
          <Download className="size-4" aria-hidden="true" /> Exporter (CSV)
        </a>
      }
    >
      <PeriodPicker days={days} overview={overview} />
      {empty ? (
        <div className="mt-8 rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white p-8 text-center">
          <h2 className="text-xl font-semibold">Aucune donnée pour l'instant</h2>
          <p className="mx-auto mt-2 max-w-xl text-stone">
            Les visites apparaîtront ici dès les premières pages consultées. Les personnes qui refusent d'être mesurées
            (Do Not Track ou Global Privacy Control), les robots et le personnel connecté ne sont pas comptés.
          </p>
        </div>
      ) : (
        <div className="mt-8 space-y-10">
          <Summary overview={overview} />
          <DailyChart overview={overview} />
          <div className="grid gap-10 lg:grid-cols-2">
            <RankedTable
              title="Sources des visites"
              hint="D'où arrivent les visiteurs : un moteur de recherche, un autre site, une campagne, ou l'adresse tapée (accès direct)."
              caption="Visiteurs"
              list={overview.sources}
              label={sourceLabel}
            />
            <RankedTable
              title="Campagnes"
              hint="Le nom de campagne que portent vos liens (dépliant, infolettre, publicité)."
              note="Paramètre utm_campaign"
              caption="Visiteurs"
              list={overview.campaigns}
              empty="Aucune campagne pour cette période."
            />
            <RankedTable
              title="Pages les plus vues"
              hint="Chaque affichage d'une page compte, et toutes les propositions aux clients comptent sous une seule ligne."
              caption="Pages vues"
              list={overview.pages}
              by="count"
              limit={15}
              label={pageLabel}
            />
            <RankedTable
              title="Objectifs atteints"
              hint="Les gestes qui mènent à un client : un appel, une demande, une proposition vue ou acceptée."
              caption="Nombre"
              list={overview.goals}
              by="count"
              label={goalLabel}
              empty="Aucun objectif atteint."
            />
            <RankedTable
              title="Appareils"
              hint="Sur quoi les visiteurs consultent le site."
              caption="Visiteurs"
              list={overview.devices}
              label={deviceLabel}
            />
            <RankedTable
              title="Supports de campagne"
              hint="Le type de lien d'une campagne : courriel, imprimé, réseau social…"
              note="Paramètre utm_medium"
              caption="Visiteurs"
              list={overview.mediums}
              empty="Aucun support indiqué pour cette période."
            />
            <RankedTable
              title="Navigateurs"
              hint="Le logiciel avec lequel les visiteurs naviguent."
              caption="Visiteurs"
              list={overview.browsers}
            />
          </div>
          <Vitals rows={vitals} />
        </div>
      )}
      <div className="mt-10">
        <ServiceFigures figures={service} />
      </div>
    </AdminPage>
  );
}

function PeriodPicker({ days, overview }: { days: PeriodDays; overview: StatisticsOverview }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <nav aria-label="Période" className="inline-flex self-start rounded-full bg-sand p-1">
        {PERIODS.map((period) => (
          <Link
            key={period}
            to={`?jours=${period}`}
            aria-current={period === days ? "page" : undefined}
            className={
              period === days
                ? "rounded-full bg-ink px-4 py-2 text-sm font-semibold text-ivory"
                : "rounded-full px-4 py-2 text-sm font-semibold text-ink/75 hover:text-ink"
            }
          >
            {period} jours
          </Link>
        ))}
      </nav>
      <p className="text-sm text-stone">
        Du {shortDay(overview.current.from)} au {shortDay(overview.current.to)}, comparé au{" "}
        {shortDay(overview.previous.from)} – {shortDay(overview.previous.to)}
      </p>
    </div>
  );
}

function Summary({ overview }: { overview: StatisticsOverview }) {
  const requests = overview.goals.find((g) => g.value === CONVERSION_GOAL)?.count ?? { current: 0, previous: 0 };
  const figures: { label: string; hint: string; value: string; change: string; before: string }[] = [
    {
      label: "Visiteurs",
      hint: "Personnes différentes, comptées une fois par jour.",
      value: formatNumber(overview.visitors.current),
      change: changeText(overview.visitors.current, overview.visitors.previous),
      before: formatNumber(overview.visitors.previous),
    },
    {
      label: "Pages vues",
      hint: "Pages affichées, chaque affichage compte.",
      value: formatNumber(overview.pageViews.current),
      change: changeText(overview.pageViews.current, overview.pageViews.previous),
      before: formatNumber(overview.pageViews.previous),
    },
    {
      label: "Demandes envoyées",
      hint: "Formulaires de contact reçus.",
      value: formatNumber(requests.current),
      change: changeText(requests.current, requests.previous),
      before: formatNumber(requests.previous),
    },
    {
      label: "Taux de conversion",
      hint: "Part des visiteurs qui ont envoyé une demande.",
      value: formatPercent(overview.conversionRate.current),
      change: pointsChangeText(overview.conversionRate.current, overview.conversionRate.previous),
      before: formatPercent(overview.conversionRate.previous),
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Résumé de la période">
      {figures.map((f) => (
        <div key={f.label} className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-5">
          <dt className="text-sm font-medium text-ink">{f.label}</dt>
          <dd className="mt-1 text-2xl font-semibold sm:text-3xl" data-figure={f.label}>
            {f.value}
          </dd>
          <dd className="mt-1 text-xs leading-snug text-stone">{f.hint}</dd>
          <dd className="mt-1 text-xs text-stone">
            <span className="font-semibold text-ink">{f.change}</span> (avant{NBSP}: {f.before})
          </dd>
        </div>
      ))}
    </dl>
  );
}

const CHART_W = 600;
const CHART_H = 180;

/** Visitors (filled area) and page views (line) per day, drawn on the server; the same figures are in
 * the table below it. */
function DailyChart({ overview }: { overview: StatisticsOverview }) {
  const max = niceMax(Math.max(...overview.daily.map((d) => Math.max(d.visitors, d.pageViews))));
  const visitors = chartPoints(
    overview.daily.map((d) => d.visitors),
    max,
    CHART_W,
    CHART_H,
  );
  const views = chartPoints(
    overview.daily.map((d) => d.pageViews),
    max,
    CHART_W,
    CHART_H,
  );
  const first = overview.daily[0]!;
  const last = overview.daily[overview.daily.length - 1]!;
  return (
    <section aria-labelledby="par-jour">
      <h2 id="par-jour" className="text-xl font-semibold">
        Par jour
      </h2>
      <div className="mt-3 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6">
        <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm bg-brass/40 ring-1 ring-brass" aria-hidden="true" />{" "}
            Visiteurs
          </span>
          <span className="inline-flex items-center gap-2">
            <span className="inline-block h-0.5 w-4 bg-ink" aria-hidden="true" /> Pages vues
          </span>
        </p>
        <div className="mt-3 flex gap-2">
          <div className="flex flex-col justify-between text-right text-xs text-stone tabular-nums" aria-hidden="true">
            <span>{formatNumber(max)}</span>
            <span>{formatNumber(max / 2)}</span>
            <span>0</span>
          </div>
          <svg
            viewBox={`0 0 ${CHART_W} ${CHART_H}`}
            preserveAspectRatio="none"
            className="h-44 w-full overflow-visible sm:h-56"
            role="img"
            aria-label={`Visiteurs et pages vues par jour, du ${shortDay(first.day)} au ${shortDay(last.day)}`}
          >
            {[0, 0.5, 1].map((f) => (
              <line
                key={f}
                x1="0"
                x2={CHART_W}
                y1={CHART_H * f}
                y2={CHART_H * f}
                className="stroke-ink/10"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <polygon points={`0,${CHART_H} ${visitors} ${CHART_W},${CHART_H}`} className="fill-brass/30" />
            <polyline
              points={visitors}
              fill="none"
              className="stroke-brass"
              strokeWidth="2"
              vectorEffect="non-scaling-stroke"
            />
            <polyline
              points={views}
              fill="none"
              className="stroke-ink"
              strokeWidth="2"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </div>
        <div className="mt-1 flex justify-between pl-8 text-xs text-stone" aria-hidden="true">
          <span>{shortDay(first.day)}</span>
          <span>{shortDay(last.day)}</span>
        </div>
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium text-brass-ink">Voir les chiffres par jour</summary>
          <div className="mt-3 max-h-80 overflow-auto">
            <table className="w-full text-left tabular-nums">
              <thead className="text-stone">
                <tr>
                  <th className="py-1 font-medium">Jour</th>
                  <th className="py-1 text-right font-medium">Visiteurs</th>
                  <th className="py-1 text-right font-medium">Pages vues</th>
                </tr>
              </thead>
              <tbody>
                {overview.daily.map((d) => (
                  <tr key={d.day} className="border-t border-ink/5">
                    <td className="py-1">{shortDay(d.day)}</td>
                    <td className="py-1 text-right">{formatNumber(d.visitors)}</td>
                    <td className="py-1 text-right">{formatNumber(d.pageViews)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </div>
    </section>
  );
}

type Ranked = StatisticsOverview["pages"][number];

/** A ranked table whose rows carry a bar in proportion to the first row: read as a chart, exact as a
 * table. */
function RankedTable({
  title,
  hint,
  note,
  caption,
  list,
  by = "visitors",
  label = (v) => v,
  limit = 10,
  empty = "Aucune donnée.",
}: {
  title: string;
  /** What the table counts, in one plain line. */
  hint: string;
  /** A technical name, in small print. */
  note?: string;
  caption: string;
  list: Ranked[];
  by?: "visitors" | "count";
  label?: (value: string) => string;
  limit?: number;
  empty?: string;
}) {
  const rows = list.filter((r) => r[by].current > 0 || r[by].previous > 0).slice(0, limit);
  const max = Math.max(1, ...rows.map((r) => r[by].current));
  const id = `tableau-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-stone">
        {hint}
        {note && <span className="ml-1 text-xs text-stone">({note})</span>}
      </p>
      <div className="mt-3 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-5">
        {rows.length === 0 ? (
          <p className="text-sm text-stone">{empty}</p>
        ) : (
          <table className="w-full table-fixed text-sm tabular-nums" data-table={title}>
            <thead className="text-left text-stone">
              <tr>
                <th className="pb-2 font-medium">{title.split(" ")[0]}</th>
                <th className="w-20 pb-2 text-right font-medium">{caption}</th>
                <th className="w-24 pb-2 text-right font-medium">Avant</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.value} className="border-t border-ink/5" data-value={r.value}>
                  <td className="py-2 pr-2">
                    <span className="block truncate" title={label(r.value)}>
                      {label(r.value)}
                    </span>
                    <span className="mt-1 block h-1.5 rounded-full bg-sand" aria-hidden="true">
                      <span
                        className="block h-full rounded-full bg-brass"
                        style={{ width: `${Math.max(2, (r[by].current / max) * 100)}%` }}
                      />
                    </span>
                  </td>
                  <td className="py-2 text-right align-top font-semibold" data-current>
                    {formatNumber(r[by].current)}
                  </td>
                  <td className="py-2 text-right align-top text-stone">
                    {formatNumber(r[by].previous)}
                    <span className="block text-xs">{changeText(r[by].current, r[by].previous)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

/** Each measure's plain name and what it says, in one line; the technical name goes in small print. */
const METRIC_TEXTS: Record<Metric, { name: string; hint: string }> = {
  LCP: {
    name: "Affichage du contenu principal",
    hint: "Temps avant que le plus grand élément de la page (photo, titre) soit à l'écran.",
  },
  INP: { name: "Réaction aux touches", hint: "Délai entre une touche ou un clic et la réponse visible de la page." },
  CLS: {
    name: "Stabilité de l'affichage",
    hint: "Combien le contenu se déplace pendant le chargement (0 : rien ne bouge).",
  },
  FCP: { name: "Premier affichage", hint: "Temps avant que quelque chose apparaisse à l'écran." },
  TTFB: { name: "Réponse du serveur", hint: "Temps avant que le serveur commence à envoyer la page." },
};

/** A non-breaking space, written where JSX text needs one (before a colon, inside a number). */
const NBSP = "\u00a0";

const RATING_TEXT: Record<Rating, string> = { good: "bon", "needs-improvement": "à améliorer", poor: "mauvais" };
const RATING_CLASS: Record<Rating, string> = {
  good: "bg-success text-white",
  "needs-improvement": "bg-brass-light text-ink",
  poor: "bg-danger text-white",
};

function formatMetric(metric: Metric, value: number | null): string {
  if (value === null) return "—";
  if (metric === "CLS") return value.toLocaleString("fr-CA", { maximumFractionDigits: 2 });
  return value >= 1000
    ? `${(value / 1000).toLocaleString("fr-CA", { maximumFractionDigits: 2 })}\u00a0s`
    : `${formatNumber(value)}\u00a0ms`;
}

/** Field Web Vitals: the 75th percentile per page and device with the shares of good / needs
 * improvement / poor values against Google's thresholds, written out beside the coloured bar. */
function Vitals({ rows }: { rows: VitalsRow[] }) {
  const paths = [...new Set(rows.map((r) => r.path))];
  return (
    <section aria-labelledby="vitesse">
      <h2 id="vitesse" className="text-xl font-semibold">
        Vitesse réelle chez les visiteurs
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-stone">
        Pour chaque mesure, 3{NBSP}visites sur 4 ont été au moins aussi rapides que la valeur affichée. Bon, à améliorer
        ou mauvais{NBSP}: selon les seuils que Google recommande. Firefox et Safari ne mesurent que le premier affichage
        et la réponse du serveur.
      </p>
      <p className="mt-1 text-xs text-stone">
        Mesures Web Vitals, 75<sup>e</sup> centile (p75).
      </p>
      {paths.length === 0 ? (
        <p className="mt-3 rounded-[var(--radius-card)] bg-white p-4 text-sm text-stone shadow-[var(--shadow-card)]">
          Aucune mesure de vitesse pour cette période.
        </p>
      ) : (
        <div className="mt-3 space-y-3">
          {paths.map((path, i) => (
            <details
              key={path}
              open={i === 0}
              className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-5"
              data-vitals-path={path}
            >
              <summary className="cursor-pointer font-semibold">{pageLabel(path)}</summary>
              <div className="mt-3 grid gap-5 md:grid-cols-2">
                {rows
                  .filter((r) => r.path === path)
                  .map((r) => (
                    <div key={r.device} data-vitals-device={r.device}>
                      <h3 className="text-sm font-semibold text-stone">{deviceLabel(r.device)}</h3>
                      <ul className="mt-2 space-y-3">
                        {METRICS.filter((m) => r.metrics[m].samples > 0).map((m) => (
                          <MetricLine key={m} metric={m} summary={r.metrics[m]} />
                        ))}
                      </ul>
                    </div>
                  ))}
              </div>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}

function MetricLine({ metric, summary }: { metric: Metric; summary: VitalsSummary }) {
  const shares: [Rating, number][] = [
    ["good", summary.good],
    ["needs-improvement", summary.needsImprovement],
    ["poor", summary.poor],
  ];
  return (
    <li className="text-sm" data-metric={metric} data-samples={summary.samples}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-medium">
          {METRIC_TEXTS[metric].name} <abbr className="text-xs font-normal text-stone no-underline">{metric}</abbr>
        </span>
        <span className="shrink-0 font-semibold tabular-nums">
          {formatMetric(metric, summary.p75)}{" "}
          {summary.rating && (
            <span className={`ml-2 rounded-full px-2 py-0.5 text-xs ${RATING_CLASS[summary.rating]}`}>
              {RATING_TEXT[summary.rating]}
            </span>
          )}
        </span>
      </div>
      <p className="text-xs text-stone">{METRIC_TEXTS[metric].hint}</p>
      <div className="mt-1 flex h-2 overflow-hidden rounded-full bg-sand" aria-hidden="true">
        {shares.map(([rating, share]) =>
          share > 0 ? (
            <span key={rating} className={RATING_CLASS[rating]} style={{ width: `${share * 100}%` }} />
          ) : null,
        )}
      </div>
      <p className="mt-1 text-xs text-stone">
        {shares.map(([rating, share]) => `${formatPercent(share)} ${RATING_TEXT[rating]}`).join(" · ")} ·{" "}
        {formatNumber(summary.samples)} mesure{summary.samples > 1 ? "s" : ""}
      </p>
    </li>
  );
}
