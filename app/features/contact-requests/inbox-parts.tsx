// Small pieces the inbox and a request's page share: badges, buttons, fields and their errors, and the
// page's cards.
import { CircleAlert, Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { typography } from "~/lib/typography";
import type { Tone } from "./inbox";
import type { LeadStage } from "./stages";

const TONES: Record<Tone, string> = {
  success: "bg-success/10 text-success ring-success/20",
  waiting: "bg-brass-light/30 text-brass-ink ring-brass/25",
  danger: "bg-danger/10 text-danger ring-danger/20",
  neutral: "bg-ink/5 text-ink-3 ring-ink/10",
};

export const STAGE_TONES: Record<LeadStage, Tone> = {
  nouvelle: "waiting",
  "en-cours": "neutral",
  "proposition-envoyee": "neutral",
  gagnee: "success",
  perdue: "danger",
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-3 py-1 whitespace-nowrap text-xs font-semibold ring-1 ring-inset",
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

export function actionClass(variant: "primary" | "outline" | "brass" | "danger") {
  return cn(
    "inline-flex h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-medium whitespace-nowrap transition-colors",
    "disabled:cursor-wait disabled:opacity-60",
    variant === "primary" && "bg-ink text-ivory hover:bg-ink-3",
    variant === "outline" && "border border-ink/15 bg-white text-ink hover:border-ink/40",
    variant === "brass" && "bg-brass text-ink hover:bg-brass-light",
    variant === "danger" && "bg-danger text-white hover:bg-danger/90",
  );
}

export function Spinner() {
  return <Loader2 className="size-4 animate-spin" aria-hidden="true" />;
}

/** What is wrong with a field, under it (named by the field's aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="flex gap-1.5 text-sm text-danger">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}

/** The attributes of a field that the server or the check before sending refused. */
export function invalid(id: string, message: string | undefined) {
  return message ? { "aria-invalid": true, "aria-describedby": `${id}-erreur` } : {};
}

export const fieldClass =
  "w-full rounded-xl border border-ink/15 bg-white px-4 py-3 text-base text-ink placeholder:text-stone/70 focus:border-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-brass/50 aria-invalid:border-danger";

export const sectionTitleClass = "font-sans text-xs font-semibold tracking-[0.14em] text-stone uppercase";

/** The machine a request is about, as the inbox and the request's page show it. */
export function MachineLine({ name, className }: { name: string; className?: string }) {
  return (
    <p className={cn("text-sm break-words text-ink", className)}>
      <span className="font-medium text-stone">{typography("Machine demandée :")}</span>{" "}
      <strong className="font-semibold">{name}</strong>
    </p>
  );
}

/** One of a request page's cards, named by its title. */
export function Card({
  title,
  titleId,
  className,
  children,
}: {
  title: string;
  titleId: string;
  /** Its place in the one-column phone layout ('order-3'); the columns keep their own order. */
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        "min-w-0 rounded-[var(--radius-card)] border border-ink/8 bg-white p-5 shadow-[var(--shadow-card)] sm:p-6 lg:order-none",
        className,
      )}
    >
      <h2 id={titleId} className={sectionTitleClass}>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
