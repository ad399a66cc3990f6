// The staff screens' filter chips (a status, a view, a folder): a row that wraps onto more lines on a
// phone rather than scrolling out of sight with nothing to show there is more.
import { cn } from "~/lib/cn";

/** The row (a <ul>); `relative` keeps a chip's screen-reader text (absolutely placed) inside it. */
export const CHIP_ROW = "relative flex flex-wrap gap-2";

/** A chip, dark when it is the current one. */
export const chipClass = (current: boolean) =>
  cn(
    "inline-flex h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors",
    current ? "border-ink bg-ink text-ivory" : "border-ink/12 bg-white text-ink hover:border-ink/35",
  );
