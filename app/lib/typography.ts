// French typography as a careful Quebec publisher sets it (docs/decisions/2026-12-02-french-typography.md):
// no-break spaces where a line must not break. Pure and idempotent; it runs at render on every text the
// site writes (owner's texts, site facts, emails), so it is a handful of regular expressions, skipped
// when the text holds nothing they could change. Every space it writes is U+00A0: the site's fonts
// and the PDF's have no glyph for the narrow U+202F.
//
// Left alone: addresses (https://…, www.…, mailto:, a domain with a path), email addresses, `code`,
// HTML entities (&amp;), times written 20:30, and a colon or semicolon not followed by a space.

const NBSP = "\u00a0";
/** Spaces a text may hold where a no-break space belongs (not line breaks). */
const SP = "[ \\u00a0\\u202f\\u2009]";

// Never changed: addresses, email addresses, code, entities. Each starts only where a token starts.
const KEPT =
  /`[^`\n]*`|(?<![\w.+-])(?:(?:[a-z][a-z\d+.-]*:\/\/|mailto:|tel:|www\.)[^\s<>"]*|[\w-]+(?:\.[\w-]+)+\/[^\s<>"]*|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)|&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/gi;
/** Only texts with one of these can hold a kept part. */
const MAY_KEEP = /[/@`&]|www\./;

/** Only texts with one of these can change. */
const MAY_CHANGE = /[\d;:!?«»]/;

// A space before ; : ! ? » and after «, whatever space was typed.
const SPACE_BEFORE = new RegExp(`${SP}+([;:!?»])`, "g");
const SPACE_AFTER = new RegExp(`«${SP}*(?=\\S)`, "g");
// The missing one: 'reçue!' → 'reçue !', 'Hauteur: 183' → 'Hauteur : 183'. A colon or semicolon only
// before a space or the end (not 20:30, a:b or &amp;); ! and ? also before a closing sign.
const MISSING_BEFORE = /([^\s\u00a0\u202f\u2009;:!?«([])(;|:|[!?]+|»)(?=[\s)\]»"”’.,…]|$)/g;

// '418 555-0142', '(418) 555-0142', '1 418 555 0142', '+1 418 555-0142'.
const PHONE = new RegExp(
  `(?<![\\d\\u00a0])(?:\\+?1${SP})?(?:\\(\\d{3}\\)|\\d{3})${SP}\\d{3}[ \\u00a0\\u202f\\u2009-]\\d{4}(?!\\d)`,
  "g",
);
// Thousands: '1 234', '10 000 000'.
const THOUSANDS = new RegExp(`(?<![\\d,.\\u00a0])\\d{1,3}(?:${SP}\\d{3})+(?!\\d)`, "g");
// Times: '20 h 30', '20h30', '8 h' (an hour of one or two digits).
const TIME = new RegExp(`(?<![\\p{L}\\d,.])(\\d{1,2})${SP}?h(?:${SP}?([0-5]\\d))?(?![\\p{L}\\d])`, "gu");
// A number and its unit, or % and currencies: '183 cm', '30 %', '2,50 $'.
const UNIT = new RegExp(
  `(\\d)${SP}+(%|\\$|€|¢|°C|°F|°|mm|cm|km|m|m²|m³|mg|kg|g|lb|oz|po|pi|ml|mL|cl|L|kWh|kW|W|ms|min|h|s|Go|Mo|Ko|px)(?![\\p{L}\\d])`,
  "gu",
);
// Dimensions: '183 × 80'.
const TIMES_SIGN = new RegExp(`(\\d)${SP}*×${SP}*(?=\\d)`, "g");
// Dates: '1 décembre' → '1er décembre', the day kept with its month and the month with its year.
const DATE = new RegExp(
  `(?<![\\d,.])(1er|[12]?\\d|3[01])${SP}+(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)(?:${SP}+(\\d{4}))?(?![\\p{L}\\d])`,
  "giu",
);

const spacesToNbsp = (match: string) => match.replace(/[ \u202f\u2009]/g, NBSP);

function setText(text: string): string {
  return text
    .replace(PHONE, spacesToNbsp)
    .replace(THOUSANDS, spacesToNbsp)
    .replace(TIME, (_, hour: string, minutes?: string) => `${hour}${NBSP}h${minutes ? NBSP + minutes : ""}`)
    .replace(
      DATE,
      (_, day: string, month: string, year?: string) =>
        `${day === "1" ? "1er" : day}${NBSP}${month}${year ? NBSP + year : ""}`,
    )
    .replace(UNIT, `$1${NBSP}$2`)
    .replace(TIMES_SIGN, `$1${NBSP}×${NBSP}`)
    .replace(SPACE_BEFORE, `${NBSP}$1`)
    .replace(SPACE_AFTER, `«${NBSP}`)
    .replace(MISSING_BEFORE, `$1${NBSP}$2`);
}

/** The text with French typography: no-break spaces before ; : ! ? », after «, inside phone numbers,
 * prices, thousands, times and dimensions, between a number and its unit, and "1er" for the first of a
 * month, kept with its month and year. Idempotent: typography(typography(t)) === typography(t). */
export function typography(text: string): string {
  if (!MAY_CHANGE.test(text)) return text;
  if (!MAY_KEEP.test(text)) return setText(text);
  let out = "";
  let last = 0;
  for (const kept of text.matchAll(KEPT)) {
    out += setText(text.slice(last, kept.index)) + kept[0];
    last = kept.index + kept[0].length;
  }
  return out + setText(text.slice(last));
}
