// The machine form's state: built from a stored machine (or empty for a new one) and turned into the
// payload that the shared schema validates. Numbers stay as typed text until the schema resolves them.
import { alignAlts, safeMainIndex, specLineToRow, specRowsToLines, type ImageList, type SpecRow } from "./lists";
import {
  NUMBER_FIELDS,
  NUMBER_RULES,
  resolveNumber,
  sectionRule,
  type NumberField,
  type SectionNumber,
} from "./numbers";
import type { AdminMachinesActionInput } from "./schema";
import { stepsPayload, workingListFrom, type StoredStep, type WorkingStep } from "./steps";
import { FALLBACK_GRID, NEW_SECTION_POSITION, NEW_SECTION_SIZE, type MachineGrid } from "~/features/customiser/state";
import type { Machine } from "../../../server/db/schema";
import type { SearchAndSharingValue } from "~/components/search-and-sharing-fields";

/** The stored machine columns the form edits. */
export type EditableMachine = Omit<Machine, "etapes_fonctionnement" | "created_at">;

/** A start section as typed: each number as text until the schema resolves it. */
export type SectionDraft = Record<SectionNumber, string>;

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
  search: SearchAndSharingValue;
};

export function searchAndSharingOf(
  row: {
    seo_title: string | null;
    seo_description: string | null;
    share_image: string | null;
    share_image_alt: string | null;
  } | null,
): SearchAndSharingValue {
  return {
    seo_title: row?.seo_title ?? "",
    seo_description: row?.seo_description ?? "",
    share_image: row?.share_image ?? null,
    share_image_alt: row?.share_image_alt ?? "",
  };
}

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

/** A section added in the form starts where the customiser would put it: the first at the fallback
 * grid's place, the others at a new section's place and size. */
export function emptySection(index: number): SectionDraft {
  const position = index === 0 ? FALLBACK_GRID.position : NEW_SECTION_POSITION;
  const size = index === 0 ? FALLBACK_GRID.size : NEW_SECTION_SIZE;
  return {
    rows: String(FALLBACK_GRID.rows),
    cols: String(FALLBACK_GRID.cols),
    x: String(position.x),
    y: String(position.y),
    width: String(size.width),
    height: String(size.height),
  };
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
      images: { images: [], alts: [], main: 0 },
      video: null,
      process_video: null,
      image_overlay: null,
      numbers,
      sections: [],
      steps: [],
      search: searchAndSharingOf(null),
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
    images: {
      images: [...machine.images],
      alts: alignAlts(machine.images, machine.image_alts),
      main: safeMainIndex(machine.images, machine.main_image_index),
    },
    video: machine.video,
    process_video: machine.process_video,
    image_overlay: machine.image_overlay,
    numbers,
    sections: sectionsFrom(machine.grid_sections),
    steps: workingListFrom(steps),
    search: searchAndSharingOf(machine),
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
      image_alts: alignAlts(state.images.images, state.images.alts),
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
      ...state.search,
    },
    steps: stepsPayload(state.steps),
  };
}

/** The machine's grid columns as they will be saved (same rules as the schema), in the shape the
 * customiser reads: the live preview starts from exactly what the customiser will start from. */
export function savedGrid(state: MachineFormState): MachineGrid {
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((field) => [field, resolveNumber(state.numbers[field], NUMBER_RULES[field])]),
  ) as Record<NumberField, number>;
  const n = (section: SectionDraft, key: SectionNumber) => resolveNumber(section[key], sectionRule(key));
  return {
    ...numbers,
    grid_sections: state.sections.map((s) => ({
      rows: n(s, "rows"),
      cols: n(s, "cols"),
      position: { x: n(s, "x"), y: n(s, "y") },
      size: { width: n(s, "width"), height: n(s, "height") },
    })),
  };
}
