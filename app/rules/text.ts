/** Lower-case, accent-free form used for search and French-like ordering ('Éclair' → 'eclair'). */
export function normalizeForSearch(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/œ/gi, "oe")
    .replace(/æ/gi, "ae")
    .toLowerCase()
    .trim();
}

// Line breaks as a browser or a mail client sees them: CR, LF, VT, FF, NEL (U+0085), U+2028, U+2029.
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const LINE_BREAKS = /[\s\u0000-\u001f\u007f-\u009f]*[\n\v\f\r\u0085\u2028\u2029][\s\u0000-\u001f\u007f-\u009f]*/g;
// Every other C0 and C1 control character and DEL, tab included.
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
// Marks and overrides of text direction: one can make 'gnp.exe' read 'exe.png' on a staff screen.
const DIRECTION_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A single-line field (a name, an address, a phone number) as it may be stored: every line break,
 * with the blanks around it, folds into one space, and the other control characters (C0, DEL, C1)
 * are dropped, so the value can never start a line of its own in an email or a header. Marks that
 * change the text's direction are dropped too. */
export function foldToSingleLine(value: string): string {
  return value.replace(LINE_BREAKS, " ").replace(/\t/g, " ").replace(CONTROLS, "").replace(DIRECTION_MARKS, "");
}

/** A multi-line text (a request, a note): every kind of line break becomes "\n" and the other
 * control characters (tab kept) and the marks that change the text's direction are dropped. */
export function cleanMultiline(value: string): string {
  return (
    value
      .replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, "\n")
      // eslint-disable-next-line no-control-regex -- the control characters are what it finds
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, "")
      .replace(DIRECTION_MARKS, "")
  );
}
