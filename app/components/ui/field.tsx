import type { ComponentProps, ReactNode } from "react";
import { useId } from "react";
import { cn } from "~/lib/cn";

const control =
  "w-full rounded-xl border border-ink/15 bg-white text-[0.95rem] text-ink outline-none transition-colors placeholder:text-stone/70 focus:border-ink/40 focus:ring-2 focus:ring-brass/40 aria-[invalid=true]:border-danger disabled:opacity-60";

/** `compact`: a smaller box for dense forms (the number fields of a machine's sections). */
export function Input({ className, compact = false, ...props }: ComponentProps<"input"> & { compact?: boolean }) {
  return <input className={cn(control, compact ? "h-10 px-3" : "h-11 px-3.5", className)} {...props} />;
}

/** `compact`: a shorter box for short texts (ingredients, a step). */
export function Textarea({ className, compact = false, ...props }: ComponentProps<"textarea"> & { compact?: boolean }) {
  return (
    <textarea
      className={cn(control, compact ? "min-h-20" : "min-h-28", "px-3.5 py-2.5 leading-relaxed", className)}
      {...props}
    />
  );
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(control, "h-11 px-3.5 pr-8", className)} {...props} />;
}

export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return <input type="checkbox" className={cn("size-5 rounded border-ink/30 accent-ink", className)} {...props} />;
}

/** A labelled control with optional hint and error, wired for screen readers. */
export function Field({
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  required?: boolean;
  className?: string;
  children: (props: {
    id: string;
    "aria-describedby"?: string;
    "aria-invalid"?: boolean;
    required?: boolean;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
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
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined, required })}
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
