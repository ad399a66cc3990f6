// The machine form's parts, one per titled section, plus its section menu, its save bar and the hidden
// fields that post what is edited as lists. Each section reads the form's state and changes it with `set`.
import { TemplateNotice } from "~/features/proposals/template-notice";
import { Boxes, Grid3x3, Images, Info, ListChecks, Plus, Save, Share2, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Checkbox, Field, Input, Select, Textarea } from "~/components/ui/field";
import { UploadField } from "~/features/uploads/upload-field";
import { cn } from "~/lib/cn";
import { fieldsOf } from "~/lib/form-values";
import type { FieldErrors } from "~/lib/staff-action";
import { emptySection, formPayload, savedGrid, type MachineFormState, type SectionDraft } from "./form-state";
import { GridPreview } from "./grid-preview";
import { ImagesEditor } from "./media-editors";
import { GRID_FIELDS, NUMBER_RULES, sectionRule, type SectionNumber } from "./numbers";
import { FormSection, LinesEditor, NumberField as NumberInput, SpecsEditor } from "./parts";
import { MAX_GRID_SECTIONS } from "./schema";
import { StepsEditor } from "./steps-editor";
import type { StoredStep } from "./steps";

type SectionProps = {
  state: MachineFormState;
  set: <K extends keyof MachineFormState>(key: K, value: MachineFormState[K]) => void;
  errors: FieldErrors;
};

const SECTIONS = [
  { id: "informations", label: "Informations", icon: <Info /> },
  { id: "medias", label: "Photos et vidéos", icon: <Images /> },
  { id: "details", label: "Avantages et caractéristiques", icon: <ListChecks /> },
  { id: "grille", label: "Grille du personnalisateur", icon: <Grid3x3 /> },
  { id: "etapes", label: "Étapes", icon: <Boxes /> },
  { id: "partage", label: "Recherche et partage", icon: <Share2 /> },
] as const;

const SECTION_FIELDS: { key: SectionNumber; label: string }[] = [
  { key: "rows", label: "Rangées" },
  { key: "cols", label: "Produits / rangée" },
  { key: "x", label: "X (%)" },
  { key: "y", label: "Y (%)" },
  { key: "width", label: "Largeur (px)" },
  { key: "height", label: "Hauteur (px)" },
];

/** The machine's lists (pictures, lines, start sections, steps) and its id, as the form posts them. */
export function ListFields({ id, state }: { id: string | null; state: MachineFormState }) {
  const { intent, machine, steps } = formPayload(id, state);
  const lists = {
    intent,
    id,
    machine: {
      avantages: machine.avantages,
      specifications: machine.specifications,
      images: machine.images,
      main_image_index: machine.main_image_index,
      video: machine.video,
      process_video: machine.process_video,
      image_overlay: machine.image_overlay,
      grid_sections: machine.grid_sections,
    },
    steps,
  };
  return fieldsOf(lists).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

export function SectionsMenu({ stepCount }: { stepCount: number }) {
  return (
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
              {s.id === "etapes" && stepCount > 0 && (
                <span className="ml-auto rounded-full bg-sand px-2 text-xs tabular-nums">{stepCount}</span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function InformationSection({
  state,
  set,
  errors,
  categories,
}: SectionProps & { categories: { id: string; nom: string }[] }) {
  return (
    <FormSection
      id="informations"
      title="Informations"
      icon={<Info />}
      description="Ce que les visiteurs lisent sur la page de la machine."
    >
      <div className="grid gap-5 md:grid-cols-2">
        <Field label="Nom" required error={errors["machine.nom"]} className="md:col-span-2">
          {(p) => (
            <Input
              {...p}
              name="machine.nom"
              value={state.nom}
              maxLength={200}
              onChange={(e) => set("nom", e.currentTarget.value)}
              placeholder="Distributrice Signature"
            />
          )}
        </Field>
        <Field label="Description" required error={errors["machine.description"]} className="md:col-span-2">
          {(p) => (
            <Textarea
              {...p}
              name="machine.description"
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
              name="machine.categorie_id"
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
              name="machine.dimensions"
              value={state.dimensions}
              maxLength={200}
              onChange={(e) => set("dimensions", e.currentTarget.value)}
            />
          )}
        </Field>
        <div className="flex items-center gap-3 rounded-xl border border-ink/10 bg-ivory/60 px-4 py-3 md:mt-7 md:self-start">
          <Checkbox
            id="disponible"
            name="machine.disponible_en_entrepot"
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
              name="machine.temps_commande"
              value={state.temps_commande}
              maxLength={100}
              onChange={(e) => set("temps_commande", e.currentTarget.value)}
            />
          )}
        </Field>
      </div>
    </FormSection>
  );
}

export function MediaSection({ state, set, errors }: SectionProps) {
  return (
    <FormSection
      id="medias"
      title="Photos et vidéos"
      icon={<Images />}
      description="Plusieurs photos, dans l'ordre de votre choix ; l'étoile désigne la photo principale des cartes."
    >
      <ImagesEditor
        value={state.images}
        onChange={(images) => set("images", images)}
        machineName={state.nom.trim() || "Nouvelle machine"}
        errors={errors}
      />
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
  );
}

export function DetailsSection({ state, set }: SectionProps) {
  return (
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
  );
}

export function GridSection({ state, set, machineId }: SectionProps & { machineId: string | null }) {
  return (
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
          <DefaultGridFields numbers={state.numbers} onChange={(numbers) => set("numbers", numbers)} />
        </div>
        <div className="md:sticky md:top-36 md:self-start">
          <GridPreview image={state.image_overlay} machine={savedGrid(state)} />
        </div>
      </div>
      <StartSectionsEditor sections={state.sections} onChange={(sections) => set("sections", sections)} />
    </FormSection>
  );
}

function DefaultGridFields({
  numbers,
  onChange,
}: {
  numbers: MachineFormState["numbers"];
  onChange: (numbers: MachineFormState["numbers"]) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">Grille par défaut</legend>
      <p className="mt-1 text-xs text-stone">
        Une valeur vide ou invalide prend la valeur par défaut&nbsp;; hors limites, elle est ramenée à la limite.
      </p>
      <div className="mt-4 grid grid-cols-2 gap-4">
        {GRID_FIELDS.map(({ field, label }) => (
          <NumberInput
            key={field}
            label={label}
            name={`machine.${field}`}
            rule={NUMBER_RULES[field]}
            value={numbers[field]}
            onChange={(value) => onChange({ ...numbers, [field]: value })}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The customiser's start sections: when there are some, it starts with them instead of the default grid. */
function StartSectionsEditor({
  sections,
  onChange,
}: {
  sections: SectionDraft[];
  onChange: (sections: SectionDraft[]) => void;
}) {
  return (
    <fieldset className="mt-8 border-t border-ink/8 pt-6">
      <legend className="sr-only">Sections de départ</legend>
      <h3 className="font-sans text-sm font-semibold tracking-normal">Sections de départ (facultatif)</h3>
      <p className="mt-1 max-w-2xl text-xs text-stone">
        Si vous en définissez, le personnalisateur commence avec ces sections (jusqu'à {MAX_GRID_SECTIONS}) au lieu de
        la grille par défaut.
      </p>
      <ul className="mt-4 space-y-4">
        {sections.map((section, index) => (
          <li key={index} className="rounded-xl border border-ink/10 bg-ivory/50 p-4">
            <div className="flex items-center justify-between">
              <p className="text-sm font-semibold">Section {index + 1}</p>
              <Button size="sm" variant="dangerGhost" onClick={() => onChange(sections.filter((_, i) => i !== index))}>
                <X aria-hidden="true" /> Retirer la section {index + 1}
              </Button>
            </div>
            <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
              {SECTION_FIELDS.map(({ key, label }) => (
                <NumberInput
                  key={key}
                  compact
                  label={`${label} — section ${index + 1}`}
                  rule={sectionRule(key)}
                  value={section[key]}
                  onChange={(value) => onChange(sections.map((s, i) => (i === index ? { ...s, [key]: value } : s)))}
                />
              ))}
            </div>
          </li>
        ))}
      </ul>
      {sections.length < MAX_GRID_SECTIONS && (
        <Button
          size="sm"
          variant="outline"
          className="mt-4"
          onClick={() => onChange([...sections, emptySection(sections.length)])}
        >
          <Plus aria-hidden="true" /> Ajouter une section
        </Button>
      )}
    </fieldset>
  );
}

export function StepsSection({
  state,
  set,
  errors,
  library,
  usage,
}: SectionProps & { library: StoredStep[]; usage: Map<string, number> }) {
  return (
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
  );
}

export function SaveBar({
  dirty,
  pending,
  isNew,
  onCancel,
}: {
  dirty: boolean;
  pending: boolean;
  isNew: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-ink/10 bg-ivory/95 backdrop-blur">
      <div className="container-page flex items-center justify-between gap-3 py-3 pr-24 sm:pr-28">
        <p className={cn("hidden text-sm sm:block", dirty ? "text-brass-ink" : "text-stone")} aria-live="polite">
          {pending ? "Enregistrement en cours…" : dirty ? "Modifications non enregistrées" : "Aucune modification"}
        </p>
        <div className="flex flex-1 justify-end gap-2 sm:flex-none">
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending}>
            <Save aria-hidden="true" /> {pending ? "Enregistrement…" : isNew ? "Ajouter la machine" : "Enregistrer"}
          </Button>
        </div>
      </div>
    </div>
  );
}
