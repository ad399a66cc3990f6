// The categories tab: list, add, edit (in a dialog) and delete (machines using it lose it first).
import { FolderOpen, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog } from "~/components/ui/dialog";
import { useStaffAction } from "~/lib/use-staff-action";
import { mainPicture } from "~/features/machines/media";
import type { AdminActionResult } from "./schema";
import { CardPicture } from "./card-picture";
import { CategoryDialog, type CategoryRow } from "./category-dialog";
import { typography } from "~/lib/typography";

/** What the categories tab reads of a machine: its name, category and pictures. */
export type CategoryMachine = {
  id: string;
  nom: string;
  categorie_id: string | null;
  images: string[];
  image_alts: string[];
  main_image_index: number;
};

export function CategoriesPanel({ categories, machines }: { categories: CategoryRow[]; machines: CategoryMachine[] }) {
  const [editing, setEditing] = useState<CategoryRow | "new" | null>(null);
  const [toDelete, setToDelete] = useState<CategoryRow | null>(null);
  const deleter = useFetcher<AdminActionResult>();
  const del = useStaffAction(deleter, (result) => result.ok && setToDelete(null));
  const machinesOf = (id: string) => machines.filter((m) => m.categorie_id === id);
  const deleteCount = toDelete ? machinesOf(toDelete.id).length : 0;

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-xl text-sm text-stone">
          {typography("Les catégories regroupent les machines sur la page « Machines » du site.")}
        </p>
        <Button variant="brass" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" /> Ajouter une catégorie
        </Button>
      </div>

      {categories.length === 0 ? (
        <div className="rounded-[var(--radius-card)] border border-dashed border-ink/15 px-6 py-16 text-center">
          <FolderOpen className="mx-auto size-10 text-stone" aria-hidden="true" />
          <p className="mt-3 font-display text-xl">Aucune catégorie pour le moment.</p>
        </div>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Catégories">
          {categories.map((c) => {
            const used = machinesOf(c.id);
            return (
              <li
                key={c.id}
                className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-ink/8 bg-white shadow-[var(--shadow-card)]"
                data-testid="category-card"
              >
                <div className="relative aspect-[16/9] bg-sand/60">
                  <CardPicture
                    src={c.image && !c.image.endsWith("/placeholder.svg") ? c.image : null}
                    width={480}
                    height={270}
                  />
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <h3 className="text-lg font-semibold">{c.nom}</h3>
                  {c.description && <p className="mt-1 line-clamp-2 text-sm text-stone">{c.description}</p>}
                  <p className="mt-3 text-xs text-stone">
                    {used.length === 0
                      ? "Aucune machine"
                      : `${used.length} machine${used.length > 1 ? "s" : ""} : ${used.map((m) => m.nom).join(", ")}`}
                  </p>
                  <div className="mt-auto flex items-center gap-2 pt-5">
                    <Button size="sm" onClick={() => setEditing(c)} aria-label={`Modifier la catégorie ${c.nom}`}>
                      <Pencil aria-hidden="true" /> Modifier
                    </Button>
                    <Button
                      size="sm"
                      variant="dangerGhost"
                      className="ml-auto"
                      onClick={() => setToDelete(c)}
                      aria-label={`Supprimer la catégorie ${c.nom}`}
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

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null && (
          <CategoryDialog
            key={editing === "new" ? "new" : editing.id}
            category={editing === "new" ? null : editing}
            // The category page is shared with its first machine's picture when it has none of its own.
            firstMachinePicture={
              editing === "new"
                ? null
                : (machinesOf(editing.id)
                    .map(mainPicture)
                    .find((p) => p !== null) ?? null)
            }
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Supprimer cette catégorie ?"
        description={`« ${toDelete?.nom ?? ""} » sera supprimée définitivement.${
          deleteCount > 0
            ? ` ${deleteCount} machine${deleteCount > 1 ? "s" : ""} n'aur${deleteCount > 1 ? "ont" : "a"} plus de catégorie.`
            : ""
        }`}
        confirmLabel={del.pending ? "Suppression..." : "Supprimer la catégorie"}
        pending={del.pending}
        onConfirm={() =>
          toDelete &&
          void deleter.submit({ intent: "delete-category", id: toDelete.id }, { method: "post", action: ACTION })
        }
      />
    </div>
  );
}

const ACTION = "/edit-machines";
