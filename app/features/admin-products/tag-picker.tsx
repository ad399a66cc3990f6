import { useStaffAction } from "~/lib/use-staff-action";
import { LoaderCircle, Plus } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";
import type { Tag } from "../../../server/db/schema";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { Chips } from "./label-chips";
import { dedupeLabels, PRODUCT_LIMITS, type ProductActionResult } from "./schema";

const SHOWN = 24;
const lower = (s: string) => s.toLocaleLowerCase("fr-CA");

/** Tags of a product: tap an existing tag to add it, or type a new one and create it on the spot (it is
 * saved in the tag list at once, so the catalogue's filters offer it). */
export function TagPicker({
  value,
  onChange,
  tags,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  tags: Tag[];
}) {
  const [draft, setDraft] = useState("");
  const fetcher = useFetcher<ProductActionResult>({ key: "tag-create" });
  const id = useId();
  const text = draft.trim().replace(/\s+/g, " ");
  const chosen = new Set(value.map(lower));
  const available = tags.filter((tag) => !chosen.has(lower(tag.nom)));
  const matching = text ? available.filter((tag) => lower(tag.nom).includes(lower(text))) : available;
  const exact = tags.find((tag) => lower(tag.nom) === lower(text));
  const full = value.length >= PRODUCT_LIMITS.labels;

  // The server's toast says the tag is created or why not.
  const { pending: creating } = useStaffAction(fetcher, (result) => {
    if (!result.ok || !result.tag) return;
    onChange(dedupeLabels([...value, result.tag.nom]));
    setDraft("");
  });

  function add(nom: string) {
    if (full) return;
    onChange(dedupeLabels([...value, nom]));
    setDraft("");
  }

  function create() {
    if (!text || creating || full) return;
    if (exact) return add(exact.nom);
    void fetcher.submit({ intent: "create-tag", nom: text }, { method: "post", action: "/edit-products" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      if (!text) return;
      if (exact) add(exact.nom);
      else if (matching.length === 1) add(matching[0]!.nom);
      else create();
    } else if (event.key === "Backspace" && !draft && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="space-y-2.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Tags
      </label>
      <Chips items={value} label="Tags choisis" onRemove={(item) => onChange(value.filter((v) => v !== item))} />
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={PRODUCT_LIMITS.label}
          placeholder="Chercher ou créer un tag…"
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={full}
          aria-describedby={`${id}-hint`}
        />
        {text && !exact && (
          <Button variant="outline" onClick={create} disabled={creating}>
            {creating ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
            Créer « {text.length > 18 ? `${text.slice(0, 17)}…` : text} »
          </Button>
        )}
      </div>
      {matching.length > 0 && (
        <div role="group" aria-label="Tags existants" className="flex flex-wrap gap-1.5">
          {matching.slice(0, SHOWN).map((tag) => (
            <button
              key={tag.id}
              type="button"
              onClick={() => add(tag.nom)}
              disabled={full}
              aria-label={`Ajouter le tag ${tag.nom}`}
              className="inline-flex h-8 items-center gap-1 rounded-full border border-ink/15 bg-white px-3 text-sm text-ink transition-colors hover:border-ink/40 disabled:opacity-50"
            >
              <Plus className="size-3.5 text-brass-ink" aria-hidden="true" />
              {tag.nom}
            </button>
          ))}
          {matching.length > SHOWN && (
            <span className="self-center text-xs text-stone">+{matching.length - SHOWN} : tapez pour filtrer</span>
          )}
        </div>
      )}
      <p id={`${id}-hint`} className="text-xs text-stone">
        {tags.length === 0
          ? "Aucun tag pour l'instant : tapez un nom pour créer le premier."
          : "Touchez un tag pour l'ajouter, ou tapez un nouveau nom."}
      </p>
    </div>
  );
}
