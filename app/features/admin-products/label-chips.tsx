import { Plus, X } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { dedupeLabels, PRODUCT_LIMITS } from "./schema";

/** Removable chips for a list of labels. */
export function Chips({
  items,
  onRemove,
  label,
}: {
  items: string[];
  onRemove: (item: string) => void;
  label: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {items.map((item) => (
        <li
          key={item}
          className="inline-flex h-8 items-center gap-1 rounded-full bg-ink pl-3 pr-1 text-sm font-medium text-ivory"
        >
          {item}
          <button
            type="button"
            onClick={() => onRemove(item)}
            aria-label={`Retirer ${item}`}
            className="inline-flex size-6 items-center justify-center rounded-full text-ivory/80 hover:bg-ivory/15 hover:text-ivory"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Categories of a product: type a name and press Entrée (or 'Ajouter'); names already used elsewhere
 * are suggested. */
export function CategoryInput({
  value,
  onChange,
  suggestions,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  suggestions: string[];
}) {
  const [draft, setDraft] = useState("");
  const id = useId();
  const listId = `${id}-suggestions`;
  const full = value.length >= PRODUCT_LIMITS.labels;

  function add() {
    const label = draft.trim();
    if (!label || full) return;
    const known = suggestions.find((s) => s.toLocaleLowerCase("fr-CA") === label.toLocaleLowerCase("fr-CA"));
    onChange(dedupeLabels([...value, known ?? label]));
    setDraft("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    } else if (event.key === "Backspace" && !draft && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="space-y-2.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Catégories
      </label>
      <Chips items={value} label="Catégories choisies" onRemove={(item) => onChange(value.filter((v) => v !== item))} />
      <div className="flex gap-2">
        <Input
          id={id}
          list={listId}
          value={draft}
          maxLength={PRODUCT_LIMITS.label}
          placeholder="Ex. : Collation, Boisson…"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={full}
          aria-describedby={`${id}-hint`}
        />
        <Button variant="outline" onClick={add} disabled={!draft.trim() || full}>
          <Plus aria-hidden="true" /> Ajouter
        </Button>
      </div>
      <datalist id={listId}>
        {suggestions
          .filter((s) => !value.includes(s))
          .map((s) => (
            <option key={s} value={s} />
          ))}
      </datalist>
      <p id={`${id}-hint`} className="text-xs text-stone">
        Appuyez sur Entrée pour ajouter chaque catégorie.
      </p>
    </div>
  );
}
