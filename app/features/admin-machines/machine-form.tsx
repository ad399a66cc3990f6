// The machine form (add or edit): long, so split into titled sections with a section menu, and a
// save bar that stays in view. Saved through the route action (intent 'save-machine'); the toasts come
// from the server's answer.
import { TemplateNotice } from "~/features/proposals/template-notice";
import { Boxes, Grid3x3, Images, Info, ListChecks, Plus, Save, X } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Checkbox, Field, Input, Select, Textarea } from "~/components/ui/field";
import { UploadField } from "~/features/uploads/upload-field";
import { cn } from "~/lib/cn";
import { useUnsavedChanges } from "~/lib/use-unsaved-changes";
import {
  emptySection,
  formPayload,
  initialFormState,
  savedGrid,
  stepsOfMachine,
  type EditableMachine,
  type MachineFormState,
  type SectionDraft,
} from "./form-state";
import { GridPreview } from "./grid-preview";
import { ImagesEditor } from "./media-editors";
import { NUMBER_RULES, type NumberField } from "./numbers";
import { FormSection, LinesEditor, NumberField as NumberInput, SpecsEditor } from "./parts";
import { issuesToFieldErrors, MAX_GRID_SECTIONS, SaveMachineSchema, validationToast } from "./schema";
import { StepsEditor } from "./steps-editor";
import type { StoredStep } from "./steps";
import { useAdminAction } from "./use-admin-action";

const SECTIONS = [
  { id: "informations", label: "Informations", icon: <Info /> },
  { id: "medias", label: "Photos et vidéos", icon: <Images /> },
  { id: "details", label: "Avantages et caractéristiques", icon: <ListChecks /> },
  { id: "grille", label: "Grille du personnalisateur", icon: <Grid3x3 /> },
  { id: "etapes", label: "Étapes", icon: <Boxes /> },
] as const;

const GRID_FIELDS: { field: NumberField; label: string }[] = [
  { field: "nombre_de_rangees", label: "Nombre de rangées" },
  { field: "produits_par_rangee", label: "Produits par rangée" },
  { field: "grid_default_position_x", label: "Position X (%)" },
  { field: "grid_default_position_y", label: "Position Y (%)" },
  { field: "grid_default_width", label: "Largeur (px)" },
  { field: "grid_default_height", label: "Hauteur (px)" },
];

const SECTION_FIELDS: { key: keyof SectionDraft; label: string; rule: (typeof NUMBER_RULES)[NumberField] }[] = [
  { key: "rows", label: "Rangées", rule: NUMBER_RULES.nombre_de_rangees },
  { key: "cols", label: "Produits / rangée", rule: NUMBER_RULES.produits_par_rangee },
  { key: "x", label: "X (%)", rule: NUMBER_RULES.grid_default_position_x },
  { key: "y", label: "Y (%)", rule: NUMBER_RULES.grid_default_position_y },
  { key: "width", label: "Largeur (px)", rule: NUMBER_RULES.grid_default_width },
  { key: "height", label: "Hauteur (px)", rule: NUMBER_RULES.grid_default_height },
];

export function MachineForm({
  machine,
  categories,
  library,
  machines,
  onClose,
}: {
  machine: EditableMachine | null;
  categories: { id: string; nom: string }[];
  library: StoredStep[];
  machines: { id: string; step_ids: string[] }[];
  /** Leaves the form (after a save, or on 'Annuler' once confirmed). */
  onClose: () => void;
}) {
  // The values the form opened with: computed once, later props do not move them.
  const [initial] = useState(() => initialFormState(machine, stepsOfMachine(machine?.step_ids ?? [], library)));
  const [state, setState] = useState<MachineFormState>(initial);
  const [machineId, setMachineId] = useState<string | null>(machine?.id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const dirty = useMemo(() => JSON.stringify(state) !== JSON.stringify(initial), [state, initial]);
  // Leaving with unsaved changes asks first (links, back button, tab change, 'Annuler', closing the page).
  const unsaved = useUnsavedChanges({ dirty, description: "Vos modifications de cette machine seront perdues." });
  const set = <K extends keyof MachineFormState>(key: K, value: MachineFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));

  // How many other machines list each step (editing a shared step changes it there too).
  const usage = useMemo(() => {
    const counts = new Map<string, number>();
    for (const m of machines) {
      if (m.id === machineId) continue;
      for (const id of m.step_ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }, [machines, machineId]);

  const { submit, pending } = useAdminAction((result) => {
    if (result.ok) {
      unsaved.allowLeaving();
      onClose();
      return;
    }
    // The machine was saved but not its steps: further saves update it rather than add another.
    if (result.id) setMachineId(result.id);
    if (result.fieldErrors) setErrors(stripPrefix(result.fieldErrors));
  });

  function save(event: React.FormEvent) {
    event.preventDefault();
    const payload = formPayload(machineId, state);
    const parsed = SaveMachineSchema.safeParse(payload);
    if (!parsed.success) {
      const fieldErrors = stripPrefix(issuesToFieldErrors(parsed.error));
      setErrors(fieldErrors);
      const t = validationToast(issuesToFieldErrors(parsed.error));
      toast.error(t.title, { description: t.description });
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    setErrors({});
    submit(payload);
  }

  function cancel() {
    unsaved.confirm(onClose);
  }

  const isNew = machineId === null;

  return (
    <form ref={formRef} onSubmit={save} noValidate aria-labelledby="machine-form-title" className="pb-28">
      <div className="mb-6 flex flex-col gap-1">
        <p className="eyebrow">{isNew ? "Nouvelle machine" : "Modifier la machine"}</p>
        <h2 id="machine-form-title" className="text-2xl font-semibold sm:text-3xl">
          {state.nom.trim() || (isNew ? "Nouvelle machine" : "Machine sans nom")}
        </h2>
      </div>

      <div className="grid gap-8 lg:grid-cols-[13rem_1fr]">
        <nav
          aria-label="Sections du formulaire"
          className="sticky top-20 z-10 -mx-5 min-w-0 self-start bg-ivory/95 px-5 py-2 backdrop-blur lg:mx-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none"
        >
          <ul className="flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:gap-1 lg:overflow-visible">
            {SECTIONS.map((s) => (
              <li key={s.id} className="shrink-0">
                <a
                  href={`#${s.id}`}
                  className="flex items-center gap-2 rounded-full border border-ink/10 bg-white px-3.5 py-2 text-sm font-medium text-ink/80 hover:border-ink/30 hover:text-ink lg:rounded-xl lg:border-transparent lg:bg-transparent lg:hover:bg-white [&_svg]:size-4 [&_svg]:text-brass-ink"
                >
                  <span aria-hidden="true">{s.icon}</span>
                  {s.label}
                  {s.id === "etapes" && state.steps.length > 0 && (
                    <span className="ml-auto rounded-full bg-sand px-2 text-xs tabular-nums">{state.steps.length}</span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="min-w-0 space-y-6">
          <FormSection
            id="informations"
            title="Informations"
            icon={<Info />}
            description="Ce que les visiteurs lisent sur la page de la machine."
          >
            <div className="grid gap-5 md:grid-cols-2">
              <Field label="Nom" required error={errors.nom} className="md:col-span-2">
                {(p) => (
                  <Input
                    {...p}
                    value={state.nom}
                    maxLength={200}
                    onChange={(e) => set("nom", e.currentTarget.value)}
                    placeholder="Distributrice Signature"
                  />
                )}
              </Field>
              <Field label="Description" required error={errors.description} className="md:col-span-2">
                {(p) => (
                  <Textarea
                    {...p}
                    value={state.description}
                    maxLength={5000}
                    onChange={(e) => set("description", e.currentTarget.value)}
                  />
                )}
              </Field>
              <Field label="Catégorie">
                {(p) => (
                  <Select
                    {...p}
                    value={state.categorie_id}
                    onChange={(e) => set("categorie_id", e.currentTarget.value)}
                  >
                    <option value="">Aucune catégorie</option>
                    {categories.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.nom}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Dimensions" hint="Par exemple : 183 × 90 × 80 cm">
                {(p) => (
                  <Input
                    {...p}
                    value={state.dimensions}
                    maxLength={200}
                    onChange={(e) => set("dimensions", e.currentTarget.value)}
                  />
                )}
              </Field>
              <div className="flex items-center gap-3 rounded-xl border border-ink/10 bg-ivory/60 px-4 py-3 md:mt-7 md:self-start">
                <Checkbox
                  id="disponible"
                  checked={state.disponible_en_entrepot}
                  onChange={(e) => set("disponible_en_entrepot", e.currentTarget.checked)}
                />
                <label htmlFor="disponible" className="text-sm font-medium">
                  Disponible en entrepôt
                  <span className="block text-xs font-normal text-stone">Sinon, la machine est « Sur commande ».</span>
                </label>
              </div>
              <Field label="Délai de commande" hint="Affiché quand la machine est sur commande, p. ex. 2-3 semaines">
                {(p) => (
                  <Input
                    {...p}
                    value={state.temps_commande}
                    maxLength={100}
                    onChange={(e) => set("temps_commande", e.currentTarget.value)}
                  />
                )}
              </Field>
            </div>
          </FormSection>

          <FormSection
            id="medias"
            title="Photos et vidéos"
            icon={<Images />}
            description="Plusieurs photos, dans l'ordre de votre choix ; l'étoile désigne la photo principale des cartes."
          >
            <ImagesEditor value={state.images} onChange={(images) => set("images", images)} />
            <div className="mt-8 grid gap-6 border-t border-ink/8 pt-6 md:grid-cols-2">
              <UploadField
                bucket="machine-videos"
                label="Vidéo de présentation"
                value={state.video}
                onUploaded={({ url }) => set("video", url)}
                onRemove={() => set("video", null)}
              />
              <UploadField
                bucket="machine-videos"
                label="Vidéo du fonctionnement"
                value={state.process_video}
                onUploaded={({ url }) => set("process_video", url)}
                onRemove={() => set("process_video", null)}
              />
            </div>
          </FormSection>

          <FormSection
            id="details"
            title="Avantages et caractéristiques"
            icon={<ListChecks />}
            description="Les lignes laissées vides sont ignorées à l'enregistrement."
          >
            <div className="grid gap-8 xl:grid-cols-2">
              <LinesEditor
                label="Avantages"
                itemLabel="Avantage"
                removeLabel={(n) => `Retirer l'avantage ${n}`}
                items={state.avantages}
                onChange={(v) => set("avantages", v)}
                addLabel="Ajouter un avantage"
                placeholder="Paiement sans contact"
              />
              <SpecsEditor rows={state.specs} onChange={(v) => set("specs", v)} />
            </div>
          </FormSection>

          <FormSection
            id="grille"
            title="Grille du personnalisateur"
            icon={<Grid3x3 />}
            description="La photo du châssis et la grille de produits proposée au départ dans « Créer ma machine »."
          >
            <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,17rem)] xl:grid-cols-[minmax(0,1fr)_24rem]">
              <div className="space-y-6">
                <TemplateNotice machineId={machineId} />
                <UploadField
                  bucket="machine-images"
                  label="Photo du châssis"
                  value={state.image_overlay}
                  onUploaded={({ url }) => set("image_overlay", url)}
                  onRemove={() => set("image_overlay", null)}
                />
                <fieldset>
                  <legend className="text-sm font-semibold">Grille par défaut</legend>
                  <p className="mt-1 text-xs text-stone">
                    Une valeur vide ou invalide prend la valeur par défaut ; hors limites, elle est ramenée à la limite.
                  </p>
                  <div className="mt-4 grid grid-cols-2 gap-4">
                    {GRID_FIELDS.map(({ field, label }) => (
                      <NumberInput
                        key={field}
                        label={label}
                        name={field}
                        rule={NUMBER_RULES[field]}
                        value={state.numbers[field]}
                        onChange={(value) => set("numbers", { ...state.numbers, [field]: value })}
                      />
                    ))}
                  </div>
                </fieldset>
              </div>
              <div className="md:sticky md:top-36 md:self-start">
                <GridPreview image={state.image_overlay} machine={savedGrid(state)} />
              </div>
            </div>

            <fieldset className="mt-8 border-t border-ink/8 pt-6">
              <legend className="sr-only">Sections de départ</legend>
              <h3 className="font-sans text-sm font-semibold tracking-normal">Sections de départ (facultatif)</h3>
              <p className="mt-1 max-w-2xl text-xs text-stone">
                Si vous en définissez, le personnalisateur commence avec ces sections (jusqu'à {MAX_GRID_SECTIONS}) au
                lieu de la grille par défaut.
              </p>
              <ul className="mt-4 space-y-4">
                {state.sections.map((section, index) => (
                  <li key={index} className="rounded-xl border border-ink/10 bg-ivory/50 p-4">
                    <div className="flex items-center justify-between">
                      <p className="text-sm font-semibold">Section {index + 1}</p>
                      <Button
                        size="sm"
                        variant="dangerGhost"
                        onClick={() =>
                          set(
                            "sections",
                            state.sections.filter((_, i) => i !== index),
                          )
                        }
                      >
                        <X aria-hidden="true" /> Retirer la section {index + 1}
                      </Button>
                    </div>
                    <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
                      {SECTION_FIELDS.map(({ key, label, rule }) => (
                        <NumberInput
                          key={key}
                          compact
                          label={`${label} — section ${index + 1}`}
                          rule={rule}
                          value={section[key]}
                          onChange={(value) =>
                            set(
                              "sections",
                              state.sections.map((s, i) => (i === index ? { ...s, [key]: value } : s)),
                            )
                          }
                        />
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
              {state.sections.length < MAX_GRID_SECTIONS && (
                <Button
                  size="sm"
                  variant="outline"
                  className="mt-4"
                  onClick={() => set("sections", [...state.sections, emptySection(state.sections.length)])}
                >
                  <Plus aria-hidden="true" /> Ajouter une section
                </Button>
              )}
            </fieldset>
          </FormSection>

          <FormSection
            id="etapes"
            title="Étapes de fonctionnement"
            icon={<Boxes />}
            description="Affichées sous « Comment ça fonctionne » sur la page de la machine, dans cet ordre."
          >
            <StepsEditor
              steps={state.steps}
              onChange={(steps) => set("steps", steps)}
              library={library}
              usage={usage}
              errors={errors}
            />
          </FormSection>
        </div>
      </div>

      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-ink/10 bg-ivory/95 backdrop-blur">
        <div className="container-page flex items-center justify-between gap-3 py-3 pr-24 sm:pr-28">
          <p className={cn("hidden text-sm sm:block", dirty ? "text-brass-ink" : "text-stone")} aria-live="polite">
            {pending ? "Enregistrement en cours…" : dirty ? "Modifications non enregistrées" : "Aucune modification"}
          </p>
          <div className="flex flex-1 justify-end gap-2 sm:flex-none">
            <Button variant="outline" onClick={cancel} disabled={pending}>
              Annuler
            </Button>
            <Button type="submit" disabled={pending}>
              <Save aria-hidden="true" /> {pending ? "Enregistrement..." : isNew ? "Ajouter la machine" : "Enregistrer"}
            </Button>
          </div>
        </div>
      </div>

      {unsaved.dialog}
    </form>
  );
}

/** Server paths are 'machine.nom' / 'steps.0.titre'; the form's are 'nom' / 'steps.0.titre'. */
function stripPrefix(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^machine\./, ""), v]));
}
