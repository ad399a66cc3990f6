// The machine's step working list: add, edit, reorder (up/down), take off, attach an existing step.
import { ArrowDown, ArrowUp, ChevronUp, Film, ImageIcon, Link2, Pencil, Plus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Input, Select, Textarea } from "~/components/ui/field";
import { MSG } from "~/lib/messages";
import { StepImageAlt, StepMediaEditor } from "./media-editors";
import {
  appendNewStep,
  attachStep,
  canMoveDown,
  canMoveUp,
  editStep,
  moveStep,
  removeStep,
  updateStepMedia,
  type StoredStep,
  type WorkingStep,
} from "./steps";

export function StepsEditor({
  steps,
  onChange,
  library,
  usage,
  errors,
}: {
  steps: WorkingStep[];
  onChange: (steps: WorkingStep[]) => void;
  /** Every stored step, for 'attach an existing step'. */
  library: StoredStep[];
  /** Step id → number of other machines that list it. */
  usage: Map<string, number>;
  errors: Record<string, string>;
}) {
  const counter = useRef(0);
  const list = useRef<HTMLOListElement>(null);
  // Stored steps start folded (a compact list to reorder); new and attached ones open for editing.
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const focusStep = (index: number) =>
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLInputElement>("[data-step-title]")[index]?.focus());

  function add() {
    counter.current += 1;
    const key = `nouvelle-${counter.current}`;
    setOpen((current) => new Set(current).add(key));
    onChange(appendNewStep(steps, key));
    focusStep(steps.length);
  }

  return (
    <div className="space-y-6">
      {steps.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink/15 bg-ivory/60 px-4 py-6 text-center text-sm text-stone">
          Aucune étape pour cette machine. Ajoutez-en une, ou reprenez une étape existante.
        </p>
      ) : (
        <ol ref={list} className="space-y-4" aria-label="Étapes de la machine">
          {steps.map((step, index) => (
            <StepItem
              key={step.key}
              step={step}
              index={index}
              steps={steps}
              onChange={onChange}
              shared={step.id ? (usage.get(step.id) ?? 0) : 0}
              titleError={errors[`steps.${index}.titre`]}
              mediaError={errors[`steps.${index}.video`]}
              altError={errors[`steps.${index}.image_alt`]}
              open={open.has(step.key)}
              onToggle={() => toggle(step.key)}
            />
          ))}
        </ol>
      )}

      <div className="flex flex-col gap-5 border-t border-ink/8 pt-5 lg:flex-row lg:items-end lg:justify-between">
        <Button variant="outline" onClick={add}>
          <Plus aria-hidden="true" /> Ajouter une étape
        </Button>
        <AttachExistingStep steps={steps} library={library} onChange={onChange} />
      </div>
    </div>
  );
}

/** One step of the list: its summary row (number, picture, title, move, open, take off) and, when
 * open, its fields. A step with an error stays open. */
function StepItem({
  step,
  index,
  steps,
  onChange,
  shared,
  titleError,
  mediaError,
  altError,
  open,
  onToggle,
}: {
  step: WorkingStep;
  index: number;
  steps: WorkingStep[];
  onChange: (steps: WorkingStep[]) => void;
  /** How many other machines list this step. */
  shared: number;
  titleError?: string;
  mediaError?: string;
  altError?: string;
  open: boolean;
  onToggle: () => void;
}) {
  const bodyId = `${step.key}-corps`;
  const isOpen = open || Boolean(titleError || mediaError || altError);
  return (
    <li className="rounded-2xl border border-ink/10 bg-ivory/50 p-3 sm:p-4" data-testid="step-item">
      <div className="flex flex-wrap items-center gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ink font-display text-lg font-semibold text-ivory tabular-nums"
          aria-hidden="true"
        >
          {step.numero}
        </span>
        <span
          className="relative hidden size-11 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-sand/70 text-stone sm:flex"
          aria-hidden="true"
        >
          {step.image ? (
            <img src={step.image} alt="" className="absolute inset-0 size-full object-cover" />
          ) : step.video ? (
            <Film className="size-4.5" />
          ) : (
            <ImageIcon className="size-4.5" />
          )}
        </span>
        <div className="min-w-[10rem] flex-1">
          <p className="truncate font-medium">
            <span className="sr-only">{`Étape ${step.numero}\u00a0: `}</span>
            <span data-step-summary>{step.titre.trim()}</span>
            {!step.titre.trim() && <span className="text-stone italic">Nouvelle étape</span>}
          </p>
          <p className="text-xs text-stone">
            {step.id === null
              ? "Nouvelle : créée à l'enregistrement"
              : shared > 0
                ? `Partagée avec ${shared} autre${shared > 1 ? "s" : ""} machine${shared > 1 ? "s" : ""}`
                : "Étape enregistrée"}
          </p>
        </div>
        <div className="ml-auto flex items-center gap-1">
          <Button
            size="icon"
            variant="outline"
            aria-label={`Monter l'étape ${step.numero}`}
            disabled={!canMoveUp(index)}
            onClick={() => onChange(moveStep(steps, index, -1))}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            variant="outline"
            aria-label={`Descendre l'étape ${step.numero}`}
            disabled={!canMoveDown(index, steps.length)}
            onClick={() => onChange(moveStep(steps, index, 1))}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={isOpen}
            aria-controls={bodyId}
            aria-label={`${isOpen ? "Replier" : "Modifier"} l'étape ${step.numero}`}
            onClick={onToggle}
          >
            {isOpen ? <ChevronUp aria-hidden="true" /> : <Pencil aria-hidden="true" />}
            <span className="hidden md:inline">{isOpen ? "Replier" : "Modifier"}</span>
          </Button>
          <Button
            size="sm"
            variant="dangerGhost"
            aria-label={`Retirer l'étape ${step.numero} de la machine`}
            onClick={() => onChange(removeStep(steps, step.key))}
          >
            <X aria-hidden="true" /> <span className="hidden md:inline">Retirer</span>
          </Button>
        </div>
      </div>
      {isOpen && (
        <StepFields
          id={bodyId}
          step={step}
          steps={steps}
          onChange={onChange}
          shared={shared}
          titleError={titleError}
          mediaError={mediaError}
          altError={altError}
        />
      )}
    </li>
  );
}

/** An open step's fields: title, description, picture or video. */
function StepFields({
  id,
  step,
  steps,
  onChange,
  shared,
  titleError,
  mediaError,
  altError,
}: {
  id: string;
  step: WorkingStep;
  steps: WorkingStep[];
  onChange: (steps: WorkingStep[]) => void;
  shared: number;
  titleError?: string;
  mediaError?: string;
  altError?: string;
}) {
  const titleId = `${step.key}-titre`;
  return (
    <div id={id} className="mt-4 grid gap-4 border-t border-ink/8 pt-4">
      {shared > 0 && (
        <p className="rounded-lg bg-sand/60 px-3 py-2 text-xs text-ink/80">
          Cette étape figure aussi sur {shared} autre{shared > 1 ? "s" : ""} machine
          {shared > 1 ? "s" : ""} : vos modifications s'y appliqueront aussi.
        </p>
      )}
      <div className="space-y-1.5">
        <label htmlFor={titleId} className="block text-sm font-medium">
          Titre de l'étape {step.numero}
          <span className="text-danger" aria-hidden="true">
            {" "}
            *
          </span>
        </label>
        <Input
          id={titleId}
          data-step-title
          value={step.titre}
          required
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${titleId}-err` : undefined}
          placeholder="Livraison et installation"
          onChange={(e) => onChange(editStep(steps, step.key, { titre: e.currentTarget.value }))}
        />
        {titleError && (
          <p id={`${titleId}-err`} className="text-sm text-danger">
            {titleError}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${step.key}-description`} className="block text-sm font-medium">
          Description de l'étape {step.numero}
        </label>
        <Textarea
          id={`${step.key}-description`}
          compact
          value={step.description}
          onChange={(e) => onChange(editStep(steps, step.key, { description: e.currentTarget.value }))}
        />
      </div>
      <StepMediaEditor
        labelSuffix={` de l'étape ${step.numero}`}
        value={{ image: step.image, video: step.video }}
        onImage={(image) => onChange(updateStepMedia(steps, step.key, { image }))}
        onVideo={(video) => onChange(updateStepMedia(steps, step.key, { video }))}
      />
      {mediaError && <p className="text-sm text-danger">{mediaError}</p>}
      {step.image && (
        <StepImageAlt
          id={`${step.key}-description-image`}
          label={`Description de l'image de l'étape ${step.numero}`}
          value={step.image_alt ?? ""}
          error={altError}
          onChange={(image_alt) => onChange(editStep(steps, step.key, { image_alt }))}
        />
      )}
    </div>
  );
}

/** 'Ajouter une étape existante': picks a stored step and puts it at the end of the list. */
function AttachExistingStep({
  steps,
  library,
  onChange,
}: {
  steps: WorkingStep[];
  library: StoredStep[];
  onChange: (steps: WorkingStep[]) => void;
}) {
  const pickId = useId();
  const [picked, setPicked] = useState("");
  const [attachError, setAttachError] = useState<string | null>(null);
  const onList = new Set(steps.map((s) => s.id).filter(Boolean));

  function attach() {
    const result = attachStep(
      steps,
      library.find((s) => s.id === picked),
    );
    if (!result.ok) {
      setAttachError(result.error);
      toast.error(MSG.error, { description: result.error });
      return;
    }
    setAttachError(null);
    setPicked("");
    onChange(result.list);
  }

  return (
    <div className="w-full space-y-1.5 lg:max-w-md">
      <label htmlFor={pickId} className="block text-sm font-medium">
        Ajouter une étape existante
      </label>
      <div className="flex gap-2">
        <Select
          id={pickId}
          value={picked}
          aria-invalid={attachError ? true : undefined}
          aria-describedby={attachError ? `${pickId}-err` : undefined}
          onChange={(e) => {
            setPicked(e.currentTarget.value);
            setAttachError(null);
          }}
        >
          <option value="">Choisir une étape…</option>
          {library.map((s) => (
            <option key={s.id} value={s.id}>
              {s.titre || "Sans titre"}
              {onList.has(s.id) ? " (déjà sur cette machine)" : ""}
            </option>
          ))}
        </Select>
        <Button variant="outline" onClick={attach}>
          <Link2 aria-hidden="true" /> Ajouter
        </Button>
      </div>
      {attachError && (
        <p id={`${pickId}-err`} role="alert" className="text-sm text-danger">
          {attachError}
        </p>
      )}
    </div>
  );
}
