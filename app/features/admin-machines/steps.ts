// The step working list of the machine form: loaded from the machine's steps, edited on screen, saved
// with the machine. Pure functions; the form dispatches them. What the admin sees on screen is what
// is saved (order, steps taken off, new steps): docs/decisions/2026-11-21-step-working-list.md.

export const STEP_MESSAGES = {
  pickRequired: "Veuillez sélectionner une étape existante.",
  duplicate: "Cette étape est déjà ajoutée à cette machine.",
} as const;

/** A step as stored (machine_steps). */
export type StoredStep = {
  id: string;
  numero: number;
  titre: string;
  description: string;
  image: string | null;
  /** What the picture shows, for those who cannot see it; null: none (the picture is decorative). */
  image_alt: string | null;
  video: string | null;
};

/** A step as the machine save receives it (machine-save.server.ts). */
export type StepToSave = {
  /** null until the step is created on save. */
  id: string | null;
  numero: number;
  titre: string;
  description: string;
  image: string | null;
  image_alt: string | null;
  video: string | null;
};

export type WorkingStep = StepToSave & {
  /** Stable key for the screen: the id of a stored step, 'nouvelle-N' for a new one. */
  key: string;
};

/** The working list, from the machine's steps in step_ids order (their numbers as stored). */
export function workingListFrom(steps: readonly StoredStep[]): WorkingStep[] {
  return steps.map((s) => ({
    key: s.id,
    id: s.id,
    numero: s.numero,
    titre: s.titre,
    description: s.description,
    image: s.image,
    image_alt: s.image_alt,
    video: s.video,
  }));
}

/** A new step is numbered max(existing, working) + 1 — the highest number among the stored
 * steps on the list and the new ones already added, plus one (1 for an empty list). */
export function nextNumero(list: readonly WorkingStep[]): number {
  const existing = list.filter((s) => s.id !== null).map((s) => s.numero);
  const working = list.filter((s) => s.id === null).map((s) => s.numero);
  return Math.max(0, ...existing, ...working) + 1;
}

/** 'Ajouter une étape': an empty new step at the end. */
export function appendNewStep(list: readonly WorkingStep[], key: string): WorkingStep[] {
  return [
    ...list,
    { key, id: null, numero: nextNumero(list), titre: "", description: "", image: null, image_alt: null, video: null },
  ];
}

/** Removing or reordering renumbers the steps 1..n. */
function renumber(list: readonly WorkingStep[]): WorkingStep[] {
  return list.map((s, i) => (s.numero === i + 1 ? s : { ...s, numero: i + 1 }));
}

/** Takes a step off the list (the step itself stays in the library), then renumbers. */
export function removeStep(list: readonly WorkingStep[], key: string): WorkingStep[] {
  return renumber(list.filter((s) => s.key !== key));
}

export const canMoveUp = (index: number) => index > 0;
export const canMoveDown = (index: number, length: number) => index < length - 1;

/** The up/down arrows: swap with the neighbour, then renumber. At the ends nothing moves (the arrow
 * is disabled there). */
export function moveStep(list: readonly WorkingStep[], index: number, direction: -1 | 1): WorkingStep[] {
  const target = index + direction;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return renumber(next);
}

export type StepEdit = Partial<Pick<WorkingStep, "numero" | "titre" | "description" | "image_alt">>;

export function editStep(list: readonly WorkingStep[], key: string, edit: StepEdit): WorkingStep[] {
  return list.map((s) => (s.key === key ? { ...s, ...edit } : s));
}

type StepMedia = Pick<WorkingStep, "image" | "video"> & { image_alt?: string | null };

/** Without its picture, a step keeps no description of it. */
const withoutImage = <S extends StepMedia>(step: S): S =>
  "image_alt" in step ? { ...step, image: null, image_alt: null } : { ...step, image: null };

/** A step has an image or a video, never both: choosing an image clears the pending video. */
export function setStepImage<S extends StepMedia>(step: S, image: string | null): S {
  return image ? { ...step, image, video: null } : withoutImage(step);
}

/** …and choosing a video clears the pending image (and its description). */
export function setStepVideo<S extends StepMedia>(step: S, video: string | null): S {
  return video ? { ...withoutImage(step), video } : { ...step, video: null };
}

export function updateStepMedia(
  list: readonly WorkingStep[],
  key: string,
  media: { image: string | null } | { video: string | null },
): WorkingStep[] {
  return list.map((s) => {
    if (s.key !== key) return s;
    return "image" in media ? setStepImage(s, media.image) : setStepVideo(s, media.video);
  });
}

export type AttachResult = { ok: true; list: WorkingStep[] } | { ok: false; error: string };

/** Attaches a stored step picked in the list: refused without a choice, or when it is already on the
 * machine. It joins the end of the list, numbered like a new step. */
export function attachStep(list: readonly WorkingStep[], step: StoredStep | null | undefined): AttachResult {
  if (!step) return { ok: false, error: STEP_MESSAGES.pickRequired };
  if (list.some((s) => s.id === step.id)) return { ok: false, error: STEP_MESSAGES.duplicate };
  const [attached] = workingListFrom([step]);
  return { ok: true, list: [...list, { ...attached!, numero: nextNumero(list) }] };
}

/** What the save sends for the steps, in the on-screen order. */
export function stepsPayload(list: readonly WorkingStep[]) {
  return list.map(({ id, numero, titre, description, image, image_alt, video }) => ({
    id,
    numero,
    titre: titre.trim(),
    description: description.trim(),
    image: image || null,
    image_alt: (image && image_alt?.trim()) || null,
    video: video || null,
  }));
}

/** The machine's step_ids after the save: every step on the list in the on-screen order, the new ones
 * with the ids they were created with (given in list order). When the admin only appended steps this
 * is exactly 'the old ids plus the new ones'; steps taken off the list are no longer attached,
 * and a new order is kept. Duplicates are dropped. */
export function stepIdsAfterSave(list: readonly Pick<WorkingStep, "id">[], createdIds: readonly string[]): string[] {
  const created = [...createdIds];
  const ids = list.map((s) => s.id ?? created.shift());
  if (ids.some((id) => id === undefined)) throw new Error("stepIdsAfterSave: fewer created ids than new steps");
  return [...new Set(ids as string[])];
}
