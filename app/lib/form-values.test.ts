import { describe, expect, it } from "vitest";
import { fieldsOf, formValues, toFormData } from "./form-values";

describe("form values", () => {
  it("reads dotted names as objects and number segments as list items", () => {
    const form = new URLSearchParams([
      ["intent", "save-machine"],
      ["machine.nom", "Signature"],
      ["machine.images.0", "/a.jpg"],
      ["machine.images.1", "/b.jpg"],
      ["steps.0.titre", "Visite"],
      ["steps.1.titre", "Pose"],
    ]);
    expect(formValues(form)).toEqual({
      intent: "save-machine",
      machine: { nom: "Signature", images: ["/a.jpg", "/b.jpg"] },
      steps: [{ titre: "Visite" }, { titre: "Pose" }],
    });
  });

  it("ignores names that would reach an object's prototype, huge indexes and empty segments", () => {
    const form = new URLSearchParams([
      ["__proto__.polluted", "yes"],
      ["a.constructor.x", "1"],
      ["list.1000000", "x"],
      ["a..b", "x"],
      ["kept", "1"],
    ]);
    expect(formValues(form)).toEqual({ kept: "1" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps a name's first value and ignores a list given as an object", () => {
    expect(
      formValues(
        new URLSearchParams([
          ["a", "1"],
          ["a", "2"],
          ["l.0", "x"],
          ["l.b", "y"],
        ]),
      ),
    ).toEqual({
      a: "1",
      l: ["x"],
    });
  });

  it("turns a value into the fields a form posts, and back", () => {
    const value = { intent: "save", id: null, ok: true, off: false, list: [], n: 3, steps: [{ titre: "A" }] };
    expect(fieldsOf(value)).toEqual([
      ["intent", "save"],
      ["id", ""],
      ["ok", "on"],
      ["n", "3"],
      ["steps.0.titre", "A"],
    ]);
    expect(formValues(toFormData(value))).toEqual({
      intent: "save",
      id: "",
      ok: "on",
      n: "3",
      steps: [{ titre: "A" }],
    });
  });
});

describe("formValues and control characters", () => {
  it("drops control characters and writes every line break as \\n, in every field", () => {
    const form = new URLSearchParams([
      ["nom", "Café\u0000 Boréal\u001b"],
      ["notes.0", "Un\r\ndeux\u2028trois"],
    ]);
    expect(formValues(form)).toEqual({ nom: "Café Boréal", notes: ["Un\ndeux\ntrois"] });
  });
});
