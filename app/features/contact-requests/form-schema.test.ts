import { describe, expect, it } from "vitest";
import { MSG } from "~/lib/messages";
import {
  CONTACT_MSG,
  DATE_INSTALLATION,
  EMPLACEMENT,
  LIMITS,
  optionLabel,
  readContactValues,
  TYPE_EMPLACEMENT,
  validateContact,
} from "./form-schema";
import { contactValues } from "../../../tests/support/contact-requests";

const filled = contactValues({
  nom_complet: "Julie Gagnon",
  courriel: "julie@exemple.ca",
  description_demande: "Une distributrice pour notre salle des employés.",
  type_emplacement: "",
  emplacement: "",
  date_installation: "",
  prefere_telephone: false,
  numero_telephone: "",
});

describe("contact enumerations", () => {
  it("have the stored values and their French labels", () => {
    expect(TYPE_EMPLACEMENT.map((o) => `${o.value}:${o.label}`)).toEqual([
      "office:Bureau",
      "school:École",
      "hospital:Hôpital",
      "retail:Commerce de détail",
      "gym:Centre sportif",
      "public:Lieu public",
      "other:Autre",
    ]);
    expect(EMPLACEMENT.map((o) => `${o.value}:${o.label}`)).toEqual(["quebec:Québec", "levis:Lévis"]);
    expect(DATE_INSTALLATION.map((o) => `${o.value}:${o.label}`)).toEqual([
      "1-14-days:1–14 jours",
      "14-31-days:14–31 jours",
      "1-3-months:1–3 mois",
      "3-months-plus:3 mois et plus",
    ]);
    expect(optionLabel(TYPE_EMPLACEMENT, "gym")).toBe("Centre sportif");
    expect(optionLabel(TYPE_EMPLACEMENT, null)).toBeNull();
    expect(optionLabel(TYPE_EMPLACEMENT, "casino")).toBeNull();
  });
});

describe("validateContact", () => {
  it("accepts the three required fields alone, with empty selects as null and no phone", () => {
    const result = validateContact(filled);
    expect(result).toEqual({
      ok: true,
      data: {
        nom_complet: "Julie Gagnon",
        courriel: "julie@exemple.ca",
        description_demande: "Une distributrice pour notre salle des employés.",
        type_emplacement: null,
        emplacement: null,
        date_installation: null,
        prefere_telephone: false,
        numero_telephone: null,
      },
    });
  });

  it("keeps every choice and trims the text", () => {
    const result = validateContact({
      ...filled,
      nom_complet: "  Julie Gagnon  ",
      type_emplacement: "hospital",
      emplacement: "levis",
      date_installation: "3-months-plus",
      prefere_telephone: true,
      numero_telephone: " 418 555-0142 poste 12 ",
    });
    expect(result.ok && result.data).toMatchObject({
      nom_complet: "Julie Gagnon",
      type_emplacement: "hospital",
      emplacement: "levis",
      date_installation: "3-months-plus",
      prefere_telephone: true,
      numero_telephone: "418 555-0142 poste 12",
    });
  });

  it.each(["nom_complet", "courriel", "description_demande"] as const)(
    "asks for every required field (%s missing or blank)",
    (field) => {
      for (const value of ["", "   "]) {
        const result = validateContact({ ...filled, [field]: value });
        expect(result).toEqual({
          ok: false,
          errors: { message: MSG.requiredFields, fields: { [field]: CONTACT_MSG.fieldRequired } },
        });
      }
    },
  );

  it("asks for the phone number when the preference is ticked without one", () => {
    const result = validateContact({ ...filled, prefere_telephone: true, numero_telephone: " " });
    expect(result).toEqual({
      ok: false,
      errors: { message: MSG.phoneRequired, fields: { numero_telephone: MSG.phoneRequired } },
    });
  });

  it("names the missing fields first, and still marks the missing phone", () => {
    const result = validateContact({ ...filled, nom_complet: "", prefere_telephone: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.message).toBe(MSG.requiredFields);
    expect(result.errors.fields).toEqual({
      nom_complet: CONTACT_MSG.fieldRequired,
      numero_telephone: MSG.phoneRequired,
    });
  });

  it("drops the phone number when the preference is not ticked", () => {
    const result = validateContact({ ...filled, numero_telephone: "418 555-0142" });
    expect(result.ok && result.data.numero_telephone).toBeNull();
  });

  it.each(["julie", "julie@", "@exemple.ca", "julie@exemple", "ju lie@exemple.ca", "<b>@x.ca"])(
    "refuses the email %s",
    (courriel) => {
      expect(validateContact({ ...filled, courriel })).toEqual({
        ok: false,
        errors: { message: CONTACT_MSG.invalidEmail, fields: { courriel: CONTACT_MSG.invalidEmail } },
      });
    },
  );

  it.each(["abc", "123", "418-555-014<script>", "'; drop table x; --"])("refuses the phone %s", (numero_telephone) => {
    const result = validateContact({ ...filled, prefere_telephone: true, numero_telephone });
    expect(!result.ok && result.errors.fields.numero_telephone).toBe(CONTACT_MSG.invalidPhone);
  });

  it.each([
    ["nom_complet", LIMITS.nom_complet],
    ["description_demande", LIMITS.description_demande],
    ["numero_telephone", LIMITS.numero_telephone],
  ] as const)("bounds the length of %s", (field, max) => {
    const base = { ...filled, prefere_telephone: true, numero_telephone: "418 555-0142" };
    const fits = field === "numero_telephone" ? "4".repeat(max) : "a".repeat(max);
    expect(validateContact({ ...base, [field]: fits }).ok).toBe(true);
    const result = validateContact({ ...base, [field]: fits + "4" });
    expect(result).toEqual({
      ok: false,
      errors: { message: CONTACT_MSG.tooLong(max), fields: { [field]: CONTACT_MSG.tooLong(max) } },
    });
  });

  it("bounds the email length", () => {
    const result = validateContact({ ...filled, courriel: `${"a".repeat(250)}@exemple.ca` });
    expect(!result.ok && result.errors.fields.courriel).toBe(CONTACT_MSG.tooLong(LIMITS.courriel));
  });

  it("says a limit in French", () => {
    expect(CONTACT_MSG.tooLong(5000)).toBe("Ce champ ne peut pas dépasser 5\u00a0000 caractères.");
  });

  it.each(["type_emplacement", "emplacement", "date_installation"] as const)("refuses unknown %s values", (field) => {
    for (const value of ["casino", "Bureau", "<b>x</b>", "' or 1=1 --"]) {
      expect(validateContact({ ...filled, [field]: value })).toEqual({
        ok: false,
        errors: { message: CONTACT_MSG.invalidChoice, fields: { [field]: CONTACT_MSG.invalidChoice } },
      });
    }
  });

  it("keeps markup and SQL in free text as plain text (it is never rendered as HTML)", () => {
    const result = validateContact({
      ...filled,
      nom_complet: "<img src=x onerror=alert(1)>",
      description_demande: "'); drop table contact_requests; --",
    });
    expect(result.ok && result.data.nom_complet).toBe("<img src=x onerror=alert(1)>");
  });
});

describe("readContactValues", () => {
  it("reads a submitted form, the ticked checkbox and absent fields", () => {
    const form = new URLSearchParams({ nom_complet: "A", prefere_telephone: "on", numero_telephone: "418" });
    expect(readContactValues(form)).toEqual({
      nom_complet: "A",
      courriel: "",
      description_demande: "",
      type_emplacement: "",
      emplacement: "",
      date_installation: "",
      prefere_telephone: true,
      numero_telephone: "418",
    });
    expect(readContactValues(new URLSearchParams()).prefere_telephone).toBe(false);
  });
});

describe("control characters", () => {
  it("fold line breaks out of the name and the phone number, and keep the request's own lines", () => {
    const checked = validateContact({
      ...filled,
      nom_complet: "Julie\r\nBcc: x@exemple.ca\u2028Gagnon",
      description_demande: "Ligne un\r\nLigne deux\u0000",
      prefere_telephone: true,
      numero_telephone: "418 555-0142\r\n",
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.data.nom_complet).toBe("Julie Bcc: x@exemple.ca Gagnon");
    expect(checked.data.description_demande).toBe("Ligne un\nLigne deux");
    expect(checked.data.numero_telephone).toBe("418 555-0142");
  });

  it("refuse a name made only of control characters as empty", () => {
    const checked = validateContact({ ...filled, nom_complet: "\r\n\u0000\u2029" });
    expect(checked.ok).toBe(false);
  });
});
