// The machine form's state: built from a stored machine (or empty for a new one) and turned into the
// payload that the shared schema validates. Numbers stay as typed text until the schema resolves them.
import { safeMainIndex, specLineToRow, specRowsToLines, type ImageList, type SpecRow } from "./lists";
import { NUMBER_FIELDS, NUMBER_RULES, resolveNumber, type NumberField } from "./numbers";
import type { AdminMachinesActionInput } from "./schema";
import { stepsPayload, workingListFrom, type StoredStep, type WorkingStep } from "./steps";
import type { MachineGrid } from "~/features/customiser/state";

/** The stored machine columns the form edits. */
export type EditableMachine = {
  id: string;
  nom: string;
  description: string;
  dimensions: string | null;
  disponible_en_entrepot: boolean;
  temps_commande: string | null;
  avantages: string[];
  specifications: string[];
  images: string[];
  video: string | null;
  process_video: string | null;
  image_overlay: string | null;
  main_image_index: number;
  categorie_id: string | null;
  produits_par_rangee: number;
  nombre_de_rangees: number;
  grid_default_position_x: number;
  grid_default_position_y: number;
  grid_default_width: number;
  grid_default_height: number;
  grid_sections: unknown;
  step_ids: string[];
};

export type SectionDraft = { rows: string; cols: string; x: string; y: string; width: string; height: string };

export type MachineFormState = {
  nom: string;
  description: string;
  dimensions: string;
  disponible_en_entrepot: boolean;
  temps_commande: string;
  categorie_id: string;
  avantages: string[];
  specs: SpecRow[];
  images: ImageList;
  video: string | null;
  process_video: string | null;
  image_overlay: string | null;
  numbers: Record<NumberField, string>;
  sections: SectionDraft[];
  steps: WorkingStep[];
};

const text = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? String(value) : "");

function sectionsFrom(value: unknown): SectionDraft[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, 3).map((raw) => {
    const s = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const position = (s.position && typeof s.position === "object" ? s.position : {}) as Record<string, unknown>;
    const size = (s.size && typeof s.size === "object" ? s.size : {}) as Record<string, unknown>;
    return {
      rows: text(s.rows),
      cols: text(s.cols),
      x: text(position.x),
      y: text(position.y),
      width: text(size.width),
      height: text(size.height),
    };
  });
}

export function emptySection(index: number): SectionDraft {
  // Spec section 4: a new customiser section sits at 70/50, 300 × 400; the first at 30/50.
  return { rows: "6", cols: "6", x: index === 0 ? "30" : "70", y: "50", width: "300", height: "400" };
}

/** The form's starting state for a stored machine (its steps in step_ids order), or for a new one. */
export function initialFormState(machine: EditableMachine | null, steps: StoredStep[]): MachineFormState {
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((field) => [field, machine ? text(machine[field]) : String(NUMBER_RULES[field].fallback)]),
  ) as Record<NumberField, string>;
  if (!machine) {
    return {
      nom: "",
      description: "",
      dimensions: "",
      disponible_en_entrepot: false,
      temps_commande: "",
      categorie_id: "",
      avantages: [],
      specs: [],
      images: { images: [], main: 0 },
      video: null,
      process_video: null,
      image_overlay: null,
      numbers,
      sections: [],
      steps: [],
    };
  }
  return {
    nom: machine.nom,
    description: machine.description,
    dimensions: machine.dimensions ?? "",
    disponible_en_entrepot: machine.disponible_en_entrepot,
    temps_commande: machine.temps_commande ?? "",
    categorie_id: machine.categorie_id ?? "",
    avantages: [...machine.avantages],
    specs: machine.specifications.map(specLineToRow),
    images: { images: [...machine.images], main: safeMainIndex(machine.images, machine.main_image_index) },
    video: machine.video,
    process_video: machine.process_video,
    image_overlay: machine.image_overlay,
    numbers,
    sections: sectionsFrom(machine.grid_sections),
    steps: workingListFrom(steps),
  };
}

/** The machine's steps in step_ids order, from the list of every stored step (unknown ids skipped). */
export function stepsOfMachine(stepIds: readonly string[], library: readonly StoredStep[]): StoredStep[] {
  const byId = new Map(library.map((s) => [s.id, s]));
  return stepIds.flatMap((id) => byId.get(id) ?? []);
}

/** What 'Enregistrer' sends (validated by SaveMachineSchema on both sides). */
export function formPayload(
  id: string | null,
  state: MachineFormState,
): Extract<AdminMachinesActionInput, { intent: "save-machine" }> {
  return {
    intent: "save-machine",
    id,
    machine: {
      nom: state.nom,
      description: state.description,
      dimensions: state.dimensions,
      disponible_en_entrepot: state.disponible_en_entrepot,
      temps_commande: state.temps_commande,
      avantages: state.avantages,
      specifications: specRowsToLines(state.specs),
      images: state.images.images,
      main_image_index: state.images.main,
      video: state.video,
      process_video: state.process_video,
      image_overlay: state.image_overlay,
      categorie_id: state.categorie_id,
      ...state.numbers,
      grid_sections: state.sections.map((s) => ({
        rows: s.rows,
        cols: s.cols,
        position: { x: s.x, y: s.y },
        size: { width: s.width, height: s.height },
      })),
    },
    steps: stepsPayload(state.steps),
  };
}

/** The machine's grid columns as they will be saved (same rules as the schema), in the shape the
 * customiser reads: the live preview starts from exactly what the customiser will start from. */
export function savedGrid(state: MachineFormState): MachineGrid {
  const r = NUMBER_RULES;
  const n = state.numbers;
  return {
    nombre_de_rangees: resolveNumber(n.nombre_de_rangees, r.nombre_de_rangees),
    produits_par_rangee: resolveNumber(n.produits_par_rangee, r.produits_par_rangee),
    grid_default_position_x: resolveNumber(n.grid_default_position_x, r.grid_default_position_x),
    grid_default_position_y: resolveNumber(n.grid_default_position_y, r.grid_default_position_y),
    grid_default_width: resolveNumber(n.grid_default_width, r.grid_default_width),
    grid_default_height: resolveNumber(n.grid_default_height, r.grid_default_height),
    grid_sections: state.sections.map((s) => ({
      rows: resolveNumber(s.rows, r.nombre_de_rangees),
      cols: resolveNumber(s.cols, r.produits_par_rangee),
      position: { x: resolveNumber(s.x, r.grid_default_position_x), y: resolveNumber(s.y, r.grid_default_position_y) },
      size: {
        width: resolveNumber(s.width, r.grid_default_width),
        height: resolveNumber(s.height, r.grid_default_height),
      },
    })),
  };
}
