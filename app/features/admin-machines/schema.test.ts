import { describe, expect, it } from "vitest";
import {
  AdminMachinesActionSchema,
  CategoryFieldsSchema,
  isSafeMediaUrl,
  MachineFieldsSchema,
  SaveMachineSchema,
  StepFieldsSchema,
  validationToast,
} from "./schema";
import { issuesToFieldErrors } from "~/lib/staff-action";

const ID = "0b6f7c1e-3d2a-4c1b-9e8f-1a2b3c4d5e6f";
const ID2 = "1c7a8d2f-4e3b-4d2c-8f9a-2b3c4d5e6f70";

describe("machine fields", () => {
  it("requires nom and description with the required-fields message", () => {
    const result = MachineFieldsSchema.safeParse({ nom: "  ", description: "" });
    expect(result.success).toBe(false);
    const errors = issuesToFieldErrors(result.error!);
    expect(errors.nom).toBe("Veuillez remplir tous les champs obligatoires.");
    expect(errors.description).toBe("Veuillez remplir tous les champs obligatoires.");
    expect(validationToast(errors)).toEqual({
      type: "error",
      title: "Erreur",
      description: "Veuillez remplir tous les champs obligatoires.",
    });
  });

  it("applies the numeric fallbacks, drops empty lines and normalises optional fields", () => {
    const parsed = MachineFieldsSchema.parse({
      nom: " Distributrice ",
      description: "Belle",
      dimensions: "",
      temps_commande: " 2-3 semaines ",
      avantages: ["Sans contact", " ", ""],
      specifications: ["Hauteur: 183 cm", ""],
      images: ["/media/machine-images/a.png", "/media/machine-images/b.png"],
      main_image_index: 7,
      video: "",
      categorie_id: "",
      produits_par_rangee: "",
      nombre_de_rangees: "25",
      grid_default_position_x: "abc",
      grid_default_position_y: "12,5",
      grid_default_width: "10",
      grid_default_height: null,
      grid_sections: [{ rows: "3", cols: "", position: { x: "70", y: "" }, size: { width: "999", height: "200" } }],
    });
    expect(parsed).toMatchObject({
      nom: "Distributrice",
      dimensions: null,
      temps_commande: "2-3 semaines",
      disponible_en_entrepot: false,
      avantages: ["Sans contact"],
      specifications: ["Hauteur: 183 cm"],
      main_image_index: 0,
      video: null,
      process_video: null,
      image_overlay: null,
      categorie_id: null,
      produits_par_rangee: 6,
      nombre_de_rangees: 20,
      grid_default_position_x: 50,
      grid_default_position_y: 12.5,
      grid_default_width: 50,
      grid_default_height: 400,
      grid_sections: [{ rows: 3, cols: 6, position: { x: 70, y: 50 }, size: { width: 800, height: 200 } }],
    });
  });

  it("refuses unsafe media addresses and more than 3 grid sections", () => {
    expect(isSafeMediaUrl("/media/machine-images/a.png")).toBe(true);
    expect(isSafeMediaUrl("https://cdn.example/a.png")).toBe(true);
    for (const bad of ["javascript:alert(1)", "//evil.example/a.png", "data:image/png;base64,AAA", '/a" onerror="x']) {
      expect(isSafeMediaUrl(bad), bad).toBe(false);
    }
    expect(MachineFieldsSchema.safeParse({ nom: "a", description: "b", video: "javascript:alert(1)" }).success).toBe(
      false,
    );
    const section = { rows: 1, cols: 1, position: { x: 1, y: 1 }, size: { width: 60, height: 60 } };
    expect(
      MachineFieldsSchema.safeParse({ nom: "a", description: "b", grid_sections: [section, section, section, section] })
        .success,
    ).toBe(false);
  });
});

describe("steps", () => {
  it("need a title and hold an image or a video, not both", () => {
    expect(StepFieldsSchema.safeParse({ numero: 1, titre: " ", description: "" }).success).toBe(false);
    const both = StepFieldsSchema.safeParse({ numero: 1, titre: "a", image: "/i.png", video: "/v.mp4" });
    expect(both.success).toBe(false);
    expect(validationToast(issuesToFieldErrors(both.error!)).description).toBe(
      "Une étape a soit une image, soit une vidéo.",
    );
    expect(StepFieldsSchema.parse({ numero: 2, titre: "a", image: "", video: "/v.mp4" })).toEqual({
      numero: 2,
      titre: "a",
      description: "",
      image: null,
      video: "/v.mp4",
    });
  });

  it("a save refuses the same stored step twice", () => {
    const step = { id: ID, numero: 1, titre: "a", description: "" };
    const result = SaveMachineSchema.safeParse({
      intent: "save-machine",
      id: null,
      machine: { nom: "a", description: "b" },
      steps: [step, { ...step, numero: 2 }],
    });
    expect(result.success).toBe(false);
    expect(validationToast(issuesToFieldErrors(result.error!)).description).toBe(
      "Cette étape est déjà ajoutée à cette machine.",
    );
  });
});

describe("categories", () => {
  it("require a name with the category's own message", () => {
    const result = AdminMachinesActionSchema.safeParse({ intent: "save-category", id: null, category: { nom: "" } });
    expect(result.success).toBe(false);
    const errors = issuesToFieldErrors(result.error!);
    expect(errors["category.nom"]).toBe("Veuillez remplir le nom de la catégorie.");
    expect(validationToast(errors).description).toBe("Veuillez remplir le nom de la catégorie.");
    expect(CategoryFieldsSchema.parse({ nom: " Snacks ", description: "", image: null })).toEqual({
      nom: "Snacks",
      description: null,
      image: null,
    });
  });
});

describe("intents", () => {
  it("route each payload by its intent and refuse unknown ones or bad ids", () => {
    expect(AdminMachinesActionSchema.parse({ intent: "delete-machine", id: ID }).intent).toBe("delete-machine");
    expect(AdminMachinesActionSchema.parse({ intent: "delete-step", id: ID2 }).intent).toBe("delete-step");
    expect(AdminMachinesActionSchema.safeParse({ intent: "drop-table", id: ID }).success).toBe(false);
    expect(AdminMachinesActionSchema.safeParse({ intent: "delete-category", id: "1; drop table" }).success).toBe(false);
  });
});
