// The machines tab: every machine as a card (Modifier / Supprimer), a quick 'choose then Modifier'
// select, and 'Ajouter une machine'.
import { Boxes, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { Select } from "~/components/ui/field";
import { CardPicture } from "./card-picture";
import { safeMainIndex } from "./lists";
import { useStaffAction } from "~/lib/use-staff-action";
import type { AdminActionResult } from "./schema";

export type MachineCard = {
  id: string;
  nom: string;
  images: string[];
  main_image_index: number;
  categorie_id: string | null;
  disponible_en_entrepot: boolean;
  temps_commande: string | null;
  step_ids: string[];
};

const isPicture = (src: string | undefined): src is string =>
  Boolean(src && src.trim() && !src.endsWith("/placeholder.svg"));

function cardImage(m: Pick<MachineCard, "images" | "main_image_index">): string | null {
  const main = m.images[safeMainIndex(m.images, m.main_image_index)];
  return isPicture(main) ? main : (m.images.find(isPicture) ?? null);
}

export function MachinesPanel({
  machines,
  categories,
  editHref,
  newHref,
}: {
  machines: MachineCard[];
  categories: { id: string; nom: string }[];
  editHref: (id: string) => string;
  newHref: string;
}) {
  const [picked, setPicked] = useState("");
  const [toDelete, setToDelete] = useState<MachineCard | null>(null);
  const pickId = useId();
  const categoryName = new Map(categories.map((c) => [c.id, c.nom]));
  const deleter = useFetcher<AdminActionResult>();
  const { pending } = useStaffAction(deleter, (result) => result.ok && setToDelete(null));

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] sm:p-5 md:flex-row md:items-end md:justify-between">
        <form className="flex w-full flex-col gap-1.5 md:max-w-lg" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={pickId} className="text-sm font-medium">
            Machine à modifier
          </label>
          <div className="flex gap-2">
            {/* A long machine name must not push 'Modifier' off a narrow screen. */}
            <Select
              id={pickId}
              value={picked}
              onChange={(e) => setPicked(e.currentTarget.value)}
              className="min-w-0 flex-1"
            >
              <option value="">Choisir une machine…</option>
              {machines.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.nom}
                </option>
              ))}
            </Select>
            {picked ? (
              <Link to={editHref(picked)} className={buttonClass("primary", "md")}>
                <Pencil aria-hidden="true" /> Modifier
              </Link>
            ) : (
              <Button disabled>
                <Pencil aria-hidden="true" /> Modifier
              </Button>
            )}
          </div>
        </form>
        <Link to={newHref} className={buttonClass("brass", "md")}>
          <Plus aria-hidden="true" /> Ajouter une machine
        </Link>
      </div>

      {machines.length === 0 ? (
        <div className="rounded-[var(--radius-card)] border border-dashed border-ink/15 px-6 py-16 text-center">
          <Boxes className="mx-auto size-10 text-stone" aria-hidden="true" />
          <p className="mt-3 font-display text-xl">Aucune machine pour le moment.</p>
          <p className="mt-1 text-sm text-stone">
            Ajoutez votre première machine&nbsp;: elle paraîtra aussitôt sur le site.
          </p>
        </div>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Machines">
          {machines.map((m) => {
            const image = cardImage(m);
            const category = m.categorie_id ? categoryName.get(m.categorie_id) : undefined;
            return (
              <li
                key={m.id}
                className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-ink/8 bg-white shadow-[var(--shadow-card)]"
                data-testid="machine-card"
              >
                <div className="relative aspect-[4/3] bg-sand/60">
                  <CardPicture src={image ?? null} width={480} height={360} />
                  <span
                    className={
                      "absolute top-3 left-3 rounded-full whitespace-nowrap px-2.5 py-1 text-xs font-medium " +
                      (m.disponible_en_entrepot ? "bg-success text-white" : "bg-ink/80 text-ivory")
                    }
                  >
                    {m.disponible_en_entrepot ? "En stock" : "Sur commande"}
                  </span>
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <h3 className="text-lg font-semibold">{m.nom}</h3>
                  <p className="mt-1 text-sm text-stone">
                    {category ?? "Sans catégorie"} · {m.images.filter(isPicture).length} photo
                    {m.images.filter(isPicture).length > 1 ? "s" : ""} · {m.step_ids.length} étape
                    {m.step_ids.length > 1 ? "s" : ""}
                  </p>
                  <div className="mt-auto flex items-center gap-2 pt-5">
                    <Link to={editHref(m.id)} className={buttonClass("primary", "sm")} aria-label={`Modifier ${m.nom}`}>
                      <Pencil aria-hidden="true" /> Modifier
                    </Link>
                    <Button
                      size="sm"
                      variant="dangerGhost"
                      className="ml-auto"
                      onClick={() => setToDelete(m)}
                      aria-label={`Supprimer ${m.nom}`}
                    >
                      <Trash2 aria-hidden="true" /> Supprimer
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Supprimer cette machine ?"
        description={`« ${toDelete?.nom ?? ""} » sera retirée du site. Cette action est irréversible.`}
        confirmLabel={pending ? "Suppression..." : "Supprimer la machine"}
        pending={pending}
        onConfirm={() =>
          toDelete &&
          void deleter.submit(
            { intent: "delete-machine", id: toDelete.id },
            { method: "post", action: "/edit-machines" },
          )
        }
      />
    </div>
  );
}
