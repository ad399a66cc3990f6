import { formValues, toFormData } from "~/lib/form-values";
import { describe, expect, it } from "vitest";
import {
  emptySection,
  formPayload,
  initialFormState,
  savedGrid,
  stepsOfMachine,
  type EditableMachine,
} from "./form-state";
import { previewBoxes } from "./grid-preview";
import { SaveMachineSchema } from "./schema";

const S1 = "1c7a8d2f-4e3b-4d2c-8f9a-2b3c4d5e6f70";
const S2 = "2c7a8d2f-4e3b-4d2c-8f9a-2b3c4d5e6f70";
const machine: EditableMachine = {
  id: "0b6f7c1e-3d2a-4c1b-9e8f-1a2b3c4d5e6f",
  nom: "Boréal Classique",
  description: "La distributrice tout-en-un.",
  dimensions: null,
  disponible_en_entrepot: true,
  temps_commande: "1-2 semaines",
  avantages: ["Sans contact"],
  specifications: ["Hauteur: 183 cm", "Réfrigérée"],
  images: ["/media/machine-images/a.webp", "/media/machine-images/b.webp"],
  image_alts: [],
  seo_title: null,
  seo_description: null,
  share_image: null,
  share_image_alt: null,
  video: null,
  process_video: "/media/machine-videos/p.mp4",
  image_overlay: "/media/machine-images/chassis.webp",
  main_image_index: 1,
  categorie_id: null,
  produits_par_rangee: 6,
  nombre_de_rangees: 7,
  grid_default_position_x: 39.9,
  grid_default_position_y: 47.3,
  grid_default_width: 320,
  grid_default_height: 552,
  grid_sections: [],
  step_ids: [S2, S1, "3c7a8d2f-4e3b-4d2c-8f9a-2b3c4d5e6f71"],
};
const library = [
  {
    id: S1,
    numero: 2,
    titre: "Deux",
    description: "",
    image: "/media/machine-step-images/2.webp",
    image_alt: "Le technicien",
    video: null,
  },
  { id: S2, numero: 1, titre: "Un", description: "", image: null, image_alt: null, video: null },
];

describe("machine form state", () => {
  it("starts from the stored machine, its steps in step_ids order (unknown ids skipped)", () => {
    const state = initialFormState(machine, stepsOfMachine(machine.step_ids, library));
    expect(state.specs).toEqual([
      { label: "Hauteur", value: "183 cm" },
      { label: "Réfrigérée", value: "" },
    ]);
    expect(state.images).toEqual({ images: machine.images, alts: ["", ""], main: 1 });
    expect(state.numbers).toMatchObject({ nombre_de_rangees: "7", grid_default_position_x: "39.9" });
    expect(state.steps.map((s) => s.titre)).toEqual(["Un", "Deux"]);
  });

  it("a new machine starts with the defaults typed in", () => {
    const state = initialFormState(null, []);
    expect(state.numbers).toEqual({
      produits_par_rangee: "6",
      nombre_de_rangees: "6",
      grid_default_position_x: "50",
      grid_default_position_y: "50",
      grid_default_width: "300",
      grid_default_height: "400",
    });
  });

  it("sends a payload the shared schema accepts and that saves the machine unchanged", () => {
    const state = initialFormState(machine, stepsOfMachine(machine.step_ids, library));
    const parsed = SaveMachineSchema.parse(formPayload(machine.id, state));
    const { id: _id, step_ids: _ids, ...fields } = machine;
    expect(parsed.machine).toEqual({
      ...fields,
      image_alts: ["", ""],
      specifications: ["Hauteur: 183 cm", "Réfrigérée"],
    });
    expect(parsed.steps.map((s) => [s.id, s.image_alt])).toEqual([
      [S2, null],
      [S1, "Le technicien"],
    ]);
  });

  it("keeps the search and sharing fields and each picture's description as stored", () => {
    const stored = {
      ...machine,
      image_alts: ["", "La machine vue de face"],
      seo_title: "Distributrice Boréal",
      seo_description: "Une vitrine réfrigérée.",
      share_image: "/media/machine-images/partage.webp",
      share_image_alt: "La Boréal dans un hall",
    };
    const state = initialFormState(stored, []);
    expect(state.search).toEqual({
      seo_title: "Distributrice Boréal",
      seo_description: "Une vitrine réfrigérée.",
      share_image: "/media/machine-images/partage.webp",
      share_image_alt: "La Boréal dans un hall",
    });
    const parsed = SaveMachineSchema.parse(formValues(toFormData(formPayload(stored.id, state))));
    expect(parsed.machine).toMatchObject({
      image_alts: ["", "La machine vue de face"],
      seo_title: "Distributrice Boréal",
      share_image: "/media/machine-images/partage.webp",
      share_image_alt: "La Boréal dans un hall",
    });
    // A new machine's fields are empty, and empty is null once saved.
    const fresh = initialFormState(null, []);
    expect(SaveMachineSchema.parse(formPayload(null, { ...fresh, nom: "N", description: "D" })).machine).toMatchObject({
      image_alts: [],
      seo_title: null,
      seo_description: null,
      share_image: null,
      share_image_alt: null,
    });
  });

  it("posted as form fields, the payload reads back to the same saved machine", () => {
    const state = initialFormState(machine, stepsOfMachine(machine.step_ids, library));
    state.disponible_en_entrepot = false;
    state.steps = [...state.steps, { ...state.steps[0]!, key: "nouvelle-1", id: null, numero: 3, titre: "Nouvelle" }];
    const payload = formPayload(machine.id, state);
    const posted = SaveMachineSchema.parse(formValues(toFormData(payload)));
    expect(posted).toEqual(SaveMachineSchema.parse(payload));
    expect(posted.steps[2]).toMatchObject({ id: null, numero: 3, titre: "Nouvelle" });
  });
});

describe("live grid preview", () => {
  it("places the default grid like the customiser: centred on its position, sized on its 900 px canvas", () => {
    const state = initialFormState(null, []);
    state.numbers.grid_default_width = "300";
    state.numbers.grid_default_height = "450";
    const [box] = previewBoxes(savedGrid(state));
    expect(box).toMatchObject({
      label: "Grille par défaut",
      rows: 6,
      cols: 6,
      left: 25,
      top: 25,
      width: 50,
      height: 50,
    });
  });

  it("shows the saved values (fallbacks applied) and the customiser's own limits", () => {
    const state = initialFormState(null, []);
    state.numbers.nombre_de_rangees = "15";
    state.numbers.produits_par_rangee = "abc";
    const [box] = previewBoxes(savedGrid(state));
    expect(savedGrid(state)).toMatchObject({ nombre_de_rangees: 15, produits_par_rangee: 6 });
    expect(box).toMatchObject({ rows: 10, cols: 6 });
  });

  it("shows the starting sections instead of the default grid when there are some", () => {
    const state = initialFormState(null, []);
    state.sections = [emptySection(0), emptySection(1)];
    const boxes = previewBoxes(savedGrid(state));
    expect(boxes.map((b) => b.label)).toEqual(["Section 1", "Section 2"]);
    expect(boxes[1]!.left + boxes[1]!.width / 2).toBeCloseTo(70);
  });
});
