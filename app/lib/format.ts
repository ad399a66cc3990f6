// Prices and counts as fr-CA writes them. Written out rather than with Intl.NumberFormat: a browser's
// first fr-CA number format loads the locale's data, 15–40 ms on a desktop (60–150 ms on a throttled
// phone), in the task that starts the app on every public page. The unit test checks these against
// Intl over many values.

/** A value with `digits` (at least 1) decimals, rounded as Intl rounds: half away from zero, on the shortest decimal
 * that reads back as the value (0.015 → '0.02', where toFixed gives '0.01'). */
function roundedDigits(value: number, digits: number): string {
  const size = Math.abs(value);
  if (!(size < 1e21)) return String(value);
  const [whole, fraction = ""] = size < 1e-6 ? ["0"] : String(size).split(".");
  let kept = BigInt(whole + fraction.slice(0, digits).padEnd(digits, "0"));
  if ((fraction[digits] ?? "0") >= "5") kept += 1n;
  const text = kept.toString().padStart(digits + 1, "0");
  const sign = value < 0 ? "-" : "";
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** '-1234.50' → '-1 234,50': thousands grouped by `space`, a decimal comma. */
function frenchDigits(fixed: string, space = " "): string {
  const [whole, decimals] = fixed.split(".");
  const grouped = whole!.replace(/\B(?=(\d{3})+$)/g, space);
  return decimals ? `${grouped},${decimals}` : grouped;
}

const NBSP = "\u00a0";

/** '1 234,50 $' (fr-CA, two decimals) with no-break spaces, exactly as Intl writes it: a price never
 * breaks across lines, on a page or in the proposal's PDF. */
export function formatPrice(value: number): string {
  return `${frenchDigits(roundedDigits(value, 2), NBSP)}${NBSP}$`;
}

/** '1 234' or '1 234,568' (at most three decimals, none written when zero), with plain spaces. */
export function formatNumber(value: number): string {
  return frenchDigits(roundedDigits(value, 3).replace(/\.?0+$/, ""));
}
