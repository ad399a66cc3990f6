import { Award } from "lucide-react";
import { cn } from "~/lib/cn";
import { visibleTags } from "../display";

/** The best-seller mark ('Top 10'). */
export function Top10Badge({ className, size = "sm" }: { className?: string; size?: "sm" | "md" }) {
  return (
    <span
      className={cn(
        "top10-badge",
        size === "sm" ? "px-2 py-0.5 text-[0.7rem] tracking-wide" : "px-3 py-1 text-xs tracking-wider uppercase",
        className,
      )}
    >
      <Award className={size === "sm" ? "size-3" : "size-3.5"} aria-hidden="true" />
      Top 10
    </span>
  );
}

export function TagPill({ children, size = "sm" }: { children: React.ReactNode; size?: "sm" | "md" }) {
  return (
    <span className={cn("tag-pill", size === "sm" ? "px-2.5 py-0.5 text-xs" : "px-3 py-1 text-sm")}>{children}</span>
  );
}

/** Up to `max` tags and a '+N' for the rest; `phoneMax` applies below 1024 px. */
export function TagList({
  tags,
  max,
  phoneMax = max,
  className,
}: {
  tags: string[];
  max: number;
  phoneMax?: number;
  className?: string;
}) {
  const wide = visibleTags(tags, max);
  const narrow = visibleTags(tags, phoneMax);
  if (wide.shown.length === 0) return null;
  return (
    <ul className={cn("flex min-w-0 flex-wrap items-center gap-1.5", className)} aria-label="Étiquettes">
      {wide.shown.map((tag, i) => (
        <li key={tag} className={cn("min-w-0", i >= narrow.shown.length && "hidden lg:block")}>
          <TagPill>{tag}</TagPill>
        </li>
      ))}
      {narrow.more > 0 && (
        <li className={cn(narrow.more !== wide.more && "lg:hidden")}>
          <MoreTags count={narrow.more} />
        </li>
      )}
      {wide.more > 0 && narrow.more !== wide.more && (
        <li className="hidden lg:block">
          <MoreTags count={wide.more} />
        </li>
      )}
    </ul>
  );
}

function MoreTags({ count }: { count: number }) {
  return (
    <span className="text-xs font-medium text-stone">
      <span aria-hidden="true">+{count}</span>
      <span className="sr-only">et {count} autre(s) étiquette(s)</span>
    </span>
  );
}
