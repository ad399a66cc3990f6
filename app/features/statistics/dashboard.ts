// What the statistics dashboard shows, as pure rules: the period read from the address, a figure
// against the period before, the points of the daily chart and the CSV export's cells.
import { PERIODS, type PeriodDays } from "~/features/statistics/days";
import { GOAL_LABELS, type Goal } from "~/features/statistics/goals";

export { PERIODS, type PeriodDays };

const DEFAULT_PERIOD: PeriodDays = 30;

/** `?jours=7|30|90`; anything else is the default period. */
export function periodFromSearch(search: URLSearchParams): PeriodDays {
  const days = Number(search.get("jours"));
  return (PERIODS as readonly number[]).includes(days) ? (days as PeriodDays) : DEFAULT_PERIOD;
}

const percentFormat = new Intl.NumberFormat("fr-CA", { style: "percent", maximumFractionDigits: 1 });
const plainSpaces = (text: string) => text.replace(/\u00a0|\u202f/g, " ");

export const formatPercent = (share: number) => plainSpaces(percentFormat.format(share));

/** A figure beside the period before: '+25 %', '−10 %', '=' or 'nouveau' (nothing before). */
export function changeText(current: number, previous: number): string {
  if (current === previous) return "=";
  if (previous === 0) return "nouveau";
  const change = (current - previous) / previous;
  const text = formatPercent(Math.abs(change));
  return change > 0 ? `+${text}` : `−${text}`;
}

/** A conversion rate's change, in percentage points: '+1,2 pt', '−0,5 pt', '='. */
export function pointsChangeText(current: number, previous: number): string {
  const points = Math.round((current - previous) * 1000) / 10;
  if (points === 0) return "=";
  const text = plainSpaces(new Intl.NumberFormat("fr-CA", { maximumFractionDigits: 1 }).format(Math.abs(points)));
  return `${points > 0 ? "+" : "−"}${text} pt`;
}

export const sourceLabel = (source: string) => source || "Accès direct";

export const goalLabel = (goal: string) => GOAL_LABELS[goal as Goal] ?? goal;

/** A page as the dashboard names it: every page together, a client's proposal (its pattern), or its path. */
export function pageLabel(path: string): string {
  if (path === "*") return "Toutes les pages";
  if (path === "/proposition/:jeton") return "Propositions aux clients";
  return path;
}

const DEVICE_LABELS: Record<string, string> = {
  "*": "Tous les appareils",
  phone: "Téléphone",
  tablet: "Tablette",
  desktop: "Ordinateur",
};

export const deviceLabel = (device: string) => DEVICE_LABELS[device] ?? device;

/** '27 nov.' for a local day 'YYYY-MM-DD'. */
export function shortDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d)).toLocaleDateString("fr-CA", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

/** A round scale top at or above the largest value (1, 2, 5 × 10ⁿ), so the axis reads easily. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** SVG points "x,y x,y …" of a series drawn in a width × height box whose top is `max`. */
export function chartPoints(values: readonly number[], max: number, width: number, height: number): string {
  const stepX = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((value, i) => `${round(i * stepX)},${round(height - (value / max) * height)}`).join(" ");
}

const round = (n: number) => Math.round(n * 10) / 10;

/** A spreadsheet cell: a value starting with = + - @ or a tab/return would run as a formula when the
 * file is opened, so it gets a leading apostrophe; quotes are doubled and the cell quoted when needed.
 * A number has a decimal comma, as French Excel reads it: '33,3'. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value).replace(".", ",");
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows → CSV text (';' between cells, as French Excel expects, and CRLF line ends). */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(";")).join("\r\n") + "\r\n";
}
