// What the passkey prompts share, on the sign-in page and an invitation's: the line that sets them
// apart from the password form, and the outcome of the last prompt.
import { cn } from "~/lib/cn";
import { typography } from "~/lib/typography";
import type { PromptOutcome } from "./webauthn";

/** '— ou —' between the password form and the passkey's button. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs tracking-wide text-stone uppercase" aria-hidden="true">
      <span className="h-px flex-1 bg-ink/10" />
      ou
      <span className="h-px flex-1 bg-ink/10" />
    </div>
  );
}

/** The last prompt's outcome, read out when it changes; empty until there is one. */
export function PromptOutcomeLine({ outcome }: { outcome: PromptOutcome | null }) {
  return (
    <p
      aria-live="polite"
      className={cn("mt-3 text-sm empty:mt-0", outcome?.tone === "error" ? "text-danger" : "text-stone")}
    >
      {outcome ? typography(outcome.text) : ""}
    </p>
  );
}
