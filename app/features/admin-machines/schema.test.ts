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
      image_alt: null,
      video: "/v.mp4",
    });
  });

  it("a step's picture description: at most 160 characters, empty is null, none without a picture", () => {
    const step = { numero: 1, titre: "a", image: "/i.png" };
    expect(StepFieldsSchema.parse({ ...step, image_alt: "  Le technicien  " }).image_alt).toBe("Le technicien");
    expect(StepFieldsSchema.parse({ ...step, image_alt: "  " }).image_alt).toBeNull();
    expect(StepFieldsSchema.parse({ ...step, image: "", image_alt: "Orpheline" }).image_alt).toBeNull();
    const long = StepFieldsSchema.safeParse({ ...step, image_alt: "é".repeat(161) });
    expect(issuesToFieldErrors(long.error!).image_alt).toBe("161 caractères : 160 au plus.");
    expect(StepFieldsSchema.parse({ ...step, image_alt: "é".repeat(160) }).image_alt).toHaveLength(160);
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
      image_alt: null,
      seo_title: null,
      seo_description: null,
      share_image: null,
      share_image_alt: null,
    });
  });

  it("search and sharing: trimmed, empty is null, over a limit refused with its length", () => {
    const category = {
      nom: "Snacks",
      image: "/media/machine-category-images/c.webp",
      image_alt: " Des collations ",
      seo_title: " Collations ",
      seo_description: "",
      share_image: "/media/machine-category-images/p.webp",
      share_image_alt: "  ",
    };
    expect(CategoryFieldsSchema.parse(category)).toMatchObject({
      image_alt: "Des collations",
      seo_title: "Collations",
      seo_description: null,
      share_image: "/media/machine-category-images/p.webp",
      share_image_alt: null,
    });
    // A description of a picture that is not there is dropped.
    expect(CategoryFieldsSchema.parse({ ...category, image: "" }).image_alt).toBeNull();
    expect(CategoryFieldsSchema.safeParse({ ...category, share_image: "javascript:alert(1)" }).success).toBe(false);

    const result = AdminMachinesActionSchema.safeParse({
      intent: "save-category",
      id: null,
      category: {
        ...category,
        seo_title: "t".repeat(71),
        seo_description: "d".repeat(161),
        share_image_alt: "a".repeat(200),
        image_alt: "i".repeat(161),
      },
    });
    const errors = issuesToFieldErrors(result.error!);
    expect(errors).toEqual({
      "category.seo_title": "71 caractères : 70 au plus.",
      "category.seo_description": "161 caractères : 160 au plus.",
      "category.share_image_alt": "200 caractères : 160 au plus.",
      "category.image_alt": "161 caractères : 160 au plus.",
    });
    expect(validationToast(errors)).toEqual({
      type: "error",
      title: "Erreur",
      description: "Un texte est trop long : raccourcissez le champ indiqué.",
    });
    // The limits count the text once trimmed.
    expect(CategoryFieldsSchema.parse({ ...category, seo_title: `  ${"t".repeat(70)}  ` }).seo_title).toHaveLength(70);
  });
});

describe("a machine's pictures' descriptions and its search and sharing", () => {
  const pictures = ["/media/machine-images/a.webp", "/media/machine-images/b.webp", "/media/machine-images/c.webp"];

  it("one description per picture, in its order: missing ones are empty, extra ones dropped, texts trimmed", () => {
    const parse = (image_alts: unknown) =>
      MachineFieldsSchema.parse({ nom: "a", description: "b", images: pictures, image_alts }).image_alts;
    expect(parse([" Vue de face ", "", "Le clavier"])).toEqual(["Vue de face", "", "Le clavier"]);
    expect(parse(undefined)).toEqual(["", "", ""]);
    expect(parse(["Seule"])).toEqual(["Seule", "", ""]);
    expect(parse(["1", "2", "3", "4", "5"])).toEqual(["1", "2", "3"]);
    // A form that posts only 'image_alts.2' leaves holes: they are empty descriptions.
    const holes: unknown[] = [];
    holes[2] = "Troisième";
    expect(parse(holes)).toEqual(["", "", "Troisième"]);
  });

  it("a description over 160 characters is refused on its own field", () => {
    const result = SaveMachineSchema.safeParse({
      intent: "save-machine",
      id: null,
      machine: { nom: "a", description: "b", images: pictures, image_alts: ["", "x".repeat(161)] },
    });
    const errors = issuesToFieldErrors(result.error!);
    expect(errors).toEqual({ "machine.image_alts.1": "161 caractères : 160 au plus." });
    expect(validationToast(errors).description).toBe("Un texte est trop long : raccourcissez le champ indiqué.");
  });

  it("search and sharing: empty is null, the limits are 70, 160 and 160", () => {
    const base = { nom: "a", description: "b" };
    expect(
      MachineFieldsSchema.parse({ ...base, seo_title: "", seo_description: " ", share_image: "", share_image_alt: "" }),
    ).toMatchObject({ seo_title: null, seo_description: null, share_image: null, share_image_alt: null });
    expect(MachineFieldsSchema.parse({ ...base, seo_title: "t".repeat(70) }).seo_title).toHaveLength(70);
    const result = SaveMachineSchema.safeParse({
      intent: "save-machine",
      id: null,
      machine: {
        ...base,
        seo_title: "t".repeat(71),
        seo_description: "d".repeat(161),
        share_image_alt: "s".repeat(161),
      },
    });
    expect(issuesToFieldErrors(result.error!)).toEqual({
      "machine.seo_title": "71 caractères : 70 au plus.",
      "machine.seo_description": "161 caractères : 160 au plus.",
      "machine.share_image_alt": "161 caractères : 160 au plus.",
    });
  });

  it("a missing name still says so first, even with a text too long", () => {
    const result = SaveMachineSchema.safeParse({
      intent: "save-machine",
      id: null,
      machine: { nom: "", description: "b", seo_title: "t".repeat(71) },
    });
    expect(validationToast(issuesToFieldErrors(result.error!)).description).toBe(
      "Veuillez remplir tous les champs obligatoires.",
    );
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
