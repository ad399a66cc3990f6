// Small building blocks of the machine form: section cards, number fields that show the value saved,
// and the add/remove lists of advantages and specifications.
import { Plus, X } from "lucide-react";
import { useId, useRef, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { SpecRow } from "./lists";
import { formatResolved, resolveNumberDetailed, ruleHint, type NumberRule } from "./numbers";

/** One titled card of the long form; `id` is the anchor of the section menu. */
export function FormSection({
  id,
  title,
  description,
  icon,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titre`}
      className={cn(
        "scroll-mt-40 rounded-[var(--radius-card)] border border-ink/8 bg-white p-5 shadow-[var(--shadow-card)] sm:p-7",
        className,
      )}
    >
      <div className="flex items-start gap-3">
        {icon && (
          <span
            className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-sand text-brass-ink [&_svg]:size-4.5"
            aria-hidden="true"
          >
            {icon}
          </span>
        )}
        <div>
          <h2 id={`${id}-titre`} className="text-xl font-semibold sm:text-2xl">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-stone">{description}</p>}
        </div>
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** A number typed freely ('12,5' works), its range as a hint, and the value that will be saved. */
export function NumberField({
  label,
  rule,
  value,
  onChange,
  name,
  compact,
}: {
  label: string;
  rule: NumberRule;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  compact?: boolean;
}) {
  const id = useId();
  const resolved = resolveNumberDetailed(value, rule);
  const note =
    resolved.reason === "default"
      ? value.trim() === ""
        ? "valeur par défaut"
        : "entrée invalide, valeur par défaut"
      : resolved.reason === "clamped"
        ? `ramenée à la limite`
        : resolved.reason === "rounded"
          ? "arrondie"
          : null;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={cn("block font-medium text-ink", compact ? "text-xs" : "text-sm")}>
        {label}
      </label>
      <Input
        id={id}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        placeholder={String(rule.fallback)}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-describedby={`${id}-saved`}
        compact={compact}
      />
      <p id={`${id}-saved`} className="text-xs text-stone">
        {!compact && <span className="block">{ruleHint(rule)}</span>}
        <span className={cn(note ? "text-brass-ink" : "text-stone")}>
          Enregistré&nbsp;:{" "}
          <output className="font-semibold tabular-nums">{formatResolved(resolved.value, rule)}</output>
          {note && <span> ({note})</span>}
        </span>
      </p>
    </div>
  );
}

/** An add/remove list of short texts (advantages). Empty entries are dropped on save. */
export function LinesEditor({
  label,
  itemLabel,
  removeLabel,
  items,
  onChange,
  addLabel,
  placeholder,
}: {
  label: string;
  /** 'Avantage' → inputs named 'Avantage 1', 'Avantage 2'… */
  itemLabel: string;
  /** 'Retirer l'avantage 2'. */
  removeLabel: (n: number) => string;
  items: string[];
  onChange: (items: string[]) => void;
  addLabel: string;
  placeholder?: string;
}) {
  const list = useRef<HTMLUListElement>(null);
  const focusLast = () =>
    requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>("li:last-child input")?.focus());
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-ink">{label}</legend>
      {items.length === 0 && <p className="text-sm text-stone">Aucun élément pour le moment.</p>}
      <ul ref={list} className="space-y-2">
        {items.map((item, index) => (
          <li key={index} className="flex items-center gap-2">
            <span className="w-6 shrink-0 text-right text-sm tabular-nums text-stone" aria-hidden="true">
              {index + 1}.
            </span>
            <Input
              aria-label={`${itemLabel} ${index + 1}`}
              value={item}
              placeholder={placeholder}
              onChange={(e) => onChange(items.map((v, i) => (i === index ? e.currentTarget.value : v)))}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  if (index === items.length - 1) {
                    onChange([...items, ""]);
                    focusLast();
                  }
                }
              }}
            />
            <Button
              size="icon"
              variant="ghost"
              aria-label={removeLabel(index + 1)}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          onChange([...items, ""]);
          focusLast();
        }}
      >
        <Plus aria-hidden="true" /> {addLabel}
      </Button>
    </fieldset>
  );
}

/** Specifications as label / value pairs, saved as 'label: value'. */
export function SpecsEditor({ rows, onChange }: { rows: SpecRow[]; onChange: (rows: SpecRow[]) => void }) {
  const list = useRef<HTMLUListElement>(null);
  const set = (index: number, patch: Partial<SpecRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const add = () => {
    onChange([...rows, { label: "", value: "" }]);
    requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>("li:last-child input")?.focus());
  };
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-ink">Caractéristiques techniques</legend>
      <p className="text-xs text-stone">Affichées en tableau sur la page de la machine (libellé : valeur).</p>
      {rows.length === 0 && <p className="text-sm text-stone">Aucune caractéristique pour le moment.</p>}
      <ul ref={list} className="space-y-2">
        {rows.map((row, index) => (
          <li key={index} className="grid grid-cols-[1fr_1fr_auto] items-center gap-2">
            <Input
              aria-label={`Libellé de la caractéristique ${index + 1}`}
              placeholder="Hauteur"
              value={row.label}
              onChange={(e) => set(index, { label: e.currentTarget.value })}
            />
            <Input
              aria-label={`Valeur de la caractéristique ${index + 1}`}
              placeholder="183 cm"
              value={row.value}
              onChange={(e) => set(index, { value: e.currentTarget.value })}
            />
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Retirer la caractéristique ${index + 1}`}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <Button size="sm" variant="outline" onClick={add}>
        <Plus aria-hidden="true" /> Ajouter une caractéristique
      </Button>
    </fieldset>
  );
}
