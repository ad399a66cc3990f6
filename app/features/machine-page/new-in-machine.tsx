// 'Nouveau dans cette machine : …' on a machine's public page: the products the team put in it in the
// last 30 days, so the people who suggested them see their wish answered.
import { Sparkles } from "lucide-react";
import { typography } from "~/lib/typography";

/** 'A', 'A et B', 'A, B et C'. */
function frenchList(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} et ${names.at(-1)}`;
}

export function NewInMachine({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <p
      className="mt-6 flex items-start gap-3 rounded-2xl border border-brass/30 bg-brass/10 px-4 py-3 text-ink"
      data-testid="new-in-machine"
    >
      <Sparkles className="mt-0.5 size-5 shrink-0 text-brass-ink" aria-hidden="true" />
      <span>
        <strong className="font-semibold">{typography("Nouveau dans cette machine : ")}</strong>
        {typography(`${frenchList(names)}.`)}
      </span>
    </p>
  );
}
