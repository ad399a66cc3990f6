// The steps tab: every stored step (they can be shared by several machines), with add, edit and delete.
// Which steps a machine shows, and in what order, is chosen in the machine's form.
import { Film, ImageIcon, ListOrdered, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Img } from "~/components/img";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog, DialogContent } from "~/components/ui/dialog";
import { Field, Input, Textarea } from "~/components/ui/field";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { StepImageAlt, StepMediaEditor } from "./media-editors";
import { AdminMachinesActionSchema, validationToast, type AdminActionResult } from "./schema";
import { setStepImage, setStepVideo, type StoredStep } from "./steps";

const ACTION = "/edit-machines";

export function StepsPanel({
  steps,
  machines,
}: {
  steps: StoredStep[];
  machines: { id: string; nom: string; step_ids: string[] }[];
}) {
  const [editing, setEditing] = useState<StoredStep | "new" | null>(null);
  const [toDelete, setToDelete] = useState<StoredStep | null>(null);
  const deleter = useFetcher<AdminActionResult>();
  const del = useStaffAction(deleter, (result) => result.ok && setToDelete(null));
  const usedBy = (id: string) => machines.filter((m) => m.step_ids.includes(id));
  const deleteUsers = toDelete ? usedBy(toDelete.id).length : 0;
  const sorted = [...steps].sort((a, b) => a.titre.localeCompare(b.titre, "fr"));

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-xl text-sm text-stone">
          Toutes les étapes, partagées entre les machines. Pour choisir les étapes d'une machine et leur ordre, modifiez
          la machine.
        </p>
        <Button variant="brass" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" /> Nouvelle étape
        </Button>
      </div>

      {sorted.length === 0 ? (
        <div className="rounded-[var(--radius-card)] border border-dashed border-ink/15 px-6 py-16 text-center">
          <ListOrdered className="mx-auto size-10 text-stone" aria-hidden="true" />
          <p className="mt-3 font-display text-xl">Aucune étape pour le moment.</p>
        </div>
      ) : (
        <ul
          className="divide-y divide-ink/8 overflow-hidden rounded-[var(--radius-card)] border border-ink/8 bg-white shadow-[var(--shadow-card)]"
          aria-label="Étapes"
        >
          {sorted.map((s) => {
            const users = usedBy(s.id);
            return (
              <li
                key={s.id}
                className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5"
                data-testid="library-step"
              >
                <div className="relative flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-sand/60 text-stone">
                  {s.image ? (
                    <Img
                      src={s.image}
                      alt=""
                      width={160}
                      height={160}
                      sizes="64px"
                      maxWidth={160}
                      className="absolute inset-0 size-full object-cover"
                    />
                  ) : s.video ? (
                    <Film className="size-6" aria-label="Vidéo" />
                  ) : (
                    <ImageIcon className="size-6" aria-hidden="true" />
                  )}
                </div>
                <div className="min-w-0 flex-1">
                  <h3 className="font-sans text-base font-semibold tracking-normal">
                    <span className="mr-2 inline-flex size-6 items-center justify-center rounded-full bg-ink text-xs text-ivory tabular-nums">
                      {s.numero}
                    </span>
                    {s.titre || "Sans titre"}
                  </h3>
                  {s.description && <p className="mt-1 line-clamp-2 text-sm text-stone">{s.description}</p>}
                  <p className="mt-1 text-xs text-stone">
                    {users.length === 0 ? "Aucune machine" : `Utilisée par : ${users.map((m) => m.nom).join(", ")}`}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing(s)}
                    aria-label={`Modifier l'étape ${s.titre}`}
                  >
                    <Pencil aria-hidden="true" /> Modifier
                  </Button>
                  <Button
                    size="sm"
                    variant="dangerGhost"
                    onClick={() => setToDelete(s)}
                    aria-label={`Supprimer l'étape ${s.titre}`}
                  >
                    <Trash2 aria-hidden="true" /> Supprimer
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null && (
          <StepDialog
            key={editing === "new" ? "new" : editing.id}
            step={editing === "new" ? null : editing}
            nextNumero={steps.length + 1}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Supprimer cette étape ?"
        description={`« ${toDelete?.titre ?? ""} » sera supprimée définitivement${
          deleteUsers > 0 ? ` et retirée de ${deleteUsers} machine${deleteUsers > 1 ? "s" : ""}` : ""
        }. Cette action est irréversible.`}
        confirmLabel={del.pending ? "Suppression…" : "Supprimer l'étape"}
        pending={del.pending}
        onConfirm={() =>
          toDelete &&
          void deleter.submit({ intent: "delete-step", id: toDelete.id }, { method: "post", action: ACTION })
        }
      />
    </div>
  );
}

function StepDialog({ step, nextNumero, onDone }: { step: StoredStep | null; nextNumero: number; onDone: () => void }) {
  const [media, setMedia] = useState({ image: step?.image ?? null, video: step?.video ?? null });
  const fetcher = useFetcher<AdminActionResult>();
  const { fieldErrors, setFieldErrors, pending } = useStaffAction(fetcher, (result) => result.ok && onDone());

  return (
    <DialogContent title={step ? "Modifier l'étape" : "Nouvelle étape"} width="2xl">
      <fetcher.Form
        method="post"
        action={ACTION}
        onSubmit={(event) => setFieldErrors(checkBeforeSending(event, AdminMachinesActionSchema, validationToast))}
        noValidate
        className="space-y-5"
      >
        <input type="hidden" name="intent" value="save-step" />
        <input type="hidden" name="id" value={step?.id ?? ""} />
        <input type="hidden" name="step.image" value={media.image ?? ""} />
        <input type="hidden" name="step.video" value={media.video ?? ""} />
        <div className="grid gap-5 sm:grid-cols-[7rem_1fr]">
          <Field label="Numéro">
            {(p) => <Input {...p} name="step.numero" inputMode="numeric" defaultValue={step?.numero ?? nextNumero} />}
          </Field>
          <Field label="Titre" required error={fieldErrors["step.titre"]}>
            {(p) => <Input {...p} name="step.titre" defaultValue={step?.titre ?? ""} maxLength={200} autoFocus />}
          </Field>
        </div>
        <Field label="Description">
          {(p) => <Textarea {...p} name="step.description" defaultValue={step?.description ?? ""} maxLength={5000} />}
        </Field>
        <StepMediaEditor
          value={media}
          onImage={(image) => setMedia((m) => setStepImage(m, image))}
          onVideo={(video) => setMedia((m) => setStepVideo(m, video))}
        />
        {media.image && (
          <StepImageAlt
            id="etape-description-image"
            label="Description de l'image"
            name="step.image_alt"
            defaultValue={step?.image_alt ?? ""}
            error={fieldErrors["step.image_alt"]}
          />
        )}
        {step && (
          <p className="text-xs text-stone">
            Les machines qui utilisent cette étape affichent aussitôt vos modifications.
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Enregistrement…" : step ? "Enregistrer" : "Ajouter l'étape"}
          </Button>
        </div>
      </fetcher.Form>
    </DialogContent>
  );
}
