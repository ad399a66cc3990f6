import { ChevronDown } from "lucide-react";
import type { ChangeEvent, ComponentProps, ReactNode, RefObject } from "react";
import { useId, useLayoutEffect, useRef } from "react";
import { cn } from "~/lib/cn";
import { typography } from "~/lib/typography";

// Focused: a dark border and a brass ring, seen at a glance on white (a faint ring alone was not).
const control =
  "w-full rounded-xl border border-ink/15 bg-white text-[0.95rem] text-ink outline-none transition-colors placeholder:text-stone/70 focus:border-ink focus:ring-2 focus:ring-brass/70 aria-[invalid=true]:border-danger disabled:opacity-60";

/** `large`: the public site's controls (the contact form), taller and roomier than the staff forms'. */
const largeControl = cn(
  "block w-full rounded-xl border border-ink/15 bg-white px-4 text-base text-ink shadow-[inset_0_1px_2px_rgb(15_17_21/0.04)]",
  "placeholder:text-stone/70 transition-colors duration-150 outline-none",
  "hover:border-ink/30 focus:border-ink focus:ring-4 focus:ring-brass/45",
  "aria-invalid:border-danger aria-invalid:bg-danger/[0.03] aria-invalid:focus:ring-danger/20",
);

/** Keeps what a person typed or chose before the app started. Hydration leaves the typed text in the box, but a
 * controlled field's state still holds the server's value and the next render would write it back, so
 * the typed text is handed to `onChange` once, at mount. */
function useKeepTypedBeforeStart<T extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
  value: ComponentProps<"input">["value"],
  onChange: ((event: ChangeEvent<T>) => void) | undefined,
): RefObject<T | null> {
  const own = useRef<T>(null);
  useLayoutEffect(() => {
    const node = own.current;
    if (!node || !onChange || (typeof value !== "string" && typeof value !== "number")) return;
    if (node.value !== String(value)) onChange({ target: node, currentTarget: node } as ChangeEvent<T>);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the field first meets the page
  }, []);
  return own;
}

/** `compact`: a smaller box for dense forms (the number fields of a machine's sections). `large`: the
 * public site's size. */
export function Input({
  className,
  compact = false,
  large = false,
  ...props
}: Omit<ComponentProps<"input">, "ref"> & { compact?: boolean; large?: boolean }) {
  const look = large ? cn(largeControl, "h-12") : cn(control, compact ? "h-10 px-3" : "h-11 px-3.5");
  const keepTyped = useKeepTypedBeforeStart(props.value, props.onChange);
  return <input ref={keepTyped} className={cn(look, className)} {...props} />;
}

/** `compact`: a shorter box for short texts (ingredients, a step). `large`: the public site's size. */
export function Textarea({
  className,
  compact = false,
  large = false,
  ...props
}: Omit<ComponentProps<"textarea">, "ref"> & { compact?: boolean; large?: boolean }) {
  const keepTyped = useKeepTypedBeforeStart(props.value, props.onChange);
  const look = large
    ? cn(largeControl, "min-h-36 resize-y py-3 leading-relaxed")
    : cn(control, compact ? "min-h-20" : "min-h-28", "px-3.5 py-2.5 leading-relaxed");
  return <textarea ref={keepTyped} className={cn(look, className)} {...props} />;
}

/** `large`: the public site's size, with its own arrow (the browser's is hidden). */
export function Select({
  className,
  large = false,
  ...props
}: Omit<ComponentProps<"select">, "ref"> & { large?: boolean }) {
  const keepChosen = useKeepTypedBeforeStart(props.value, props.onChange);
  if (!large) return <select ref={keepChosen} className={cn(control, "h-11 px-3.5 pr-8", className)} {...props} />;
  return (
    <div className="relative">
      <select
        ref={keepChosen}
        className={cn(largeControl, "h-12 cursor-pointer appearance-none pr-11", className)}
        {...props}
      />
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 text-stone"
        aria-hidden="true"
      />
    </div>
  );
}

export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return <input type="checkbox" className={cn("size-5 rounded border-ink/30 accent-ink", className)} {...props} />;
}

/** A field's hint with its length against its limit (in red past it). */
export function LengthHint({ children, value, max }: { children: ReactNode; value: string; max: number }) {
  const length = value.trim().length;
  return (
    <span className="flex items-start justify-between gap-3">
      <span>{children}</span>
      <span className={cn("shrink-0 tabular-nums", length > max && "font-medium text-danger")}>
        <span aria-hidden="true">
          {length} / {max}
        </span>
        <span className="sr-only">
          {length} caractère{length > 1 ? "s" : ""} sur {max}
        </span>
      </span>
    </span>
  );
}

/** A labelled control with optional hint and error, wired for screen readers; its texts in French
 * typography. `large`: the public site's look (larger label, a brass asterisk, the hint giving way to
 * the error on screen, the error read first). */
export function Field({
  label,
  hint,
  error,
  required,
  large = false,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  large?: boolean;
  className?: string;
  children: (props: {
    id: string;
    "aria-describedby"?: string;
    "aria-invalid"?: boolean;
    required?: boolean;
  }) => ReactNode;
}) {
  const id = useId();
  label = typography(label);
  if (typeof hint === "string") hint = typography(hint);
  if (error) error = typography(error);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = (large ? [errorId, hintId] : [hintId, errorId]).filter(Boolean).join(" ") || undefined;
  const control = children({
    id,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    required,
  });
  if (large) {
    return (
      <div className={cn("flex flex-col gap-2", className)}>
        <label htmlFor={id} className="text-[0.95rem] font-medium text-ink">
          {label}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-brass-ink">
              *
            </span>
          )}
        </label>
        {control}
        {hint && (
          <p id={hintId} className={error ? "sr-only" : "text-sm text-stone"}>
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
            <span aria-hidden="true">●</span>
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {required && (
          <span className="text-danger" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="text-xs text-stone">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
