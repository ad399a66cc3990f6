import { describe, expect, it } from "vitest";
import {
  appendNewStep,
  attachStep,
  canMoveDown,
  canMoveUp,
  editStep,
  moveStep,
  nextNumero,
  removeStep,
  setStepImage,
  setStepVideo,
  STEP_MESSAGES,
  stepIdsAfterSave,
  stepsPayload,
  updateStepMedia,
  workingListFrom,
  type StoredStep,
} from "./steps";

const stored = (id: string, numero: number, extra: Partial<StoredStep> = {}): StoredStep => ({
  id,
  numero,
  titre: `Étape ${id}`,
  description: "",
  image: null,
  image_alt: null,
  video: null,
  ...extra,
});

const A = stored("a", 1);
const B = stored("b", 2);
const C = stored("c", 3);
const numeros = (list: { numero: number }[]) => list.map((s) => s.numero);
const keys = (list: { key: string }[]) => list.map((s) => s.key);

describe("loading", () => {
  it("starts from the machine's steps in step_ids order, with their numbers", () => {
    const list = workingListFrom([B, A]);
    expect(keys(list)).toEqual(["b", "a"]);
    expect(numeros(list)).toEqual([2, 1]);
    expect(list[0]).toMatchObject({ id: "b", titre: "Étape b" });
  });
});

describe("'Ajouter une étape'", () => {
  it("numbers the new step max(existing, working) + 1", () => {
    expect(nextNumero([])).toBe(1);
    let list = workingListFrom([A, stored("x", 5), B]);
    expect(nextNumero(list)).toBe(6);
    list = appendNewStep(list, "nouvelle-1");
    expect(list.at(-1)).toMatchObject({ key: "nouvelle-1", id: null, numero: 6, titre: "", image: null, video: null });
    list = appendNewStep(list, "nouvelle-2");
    expect(numeros(list)).toEqual([1, 5, 2, 6, 7]);
  });
  it("counts a new step numbered higher than every stored one", () => {
    const list = editStep(appendNewStep(workingListFrom([A]), "n1"), "n1", { numero: 9 });
    expect(nextNumero(list)).toBe(10);
  });
});

describe("removing and reordering renumber 1..n", () => {
  it("after a removal", () => {
    const list = removeStep(appendNewStep(workingListFrom([A, B, C]), "n"), "b");
    expect(keys(list)).toEqual(["a", "c", "n"]);
    expect(numeros(list)).toEqual([1, 2, 3]);
  });
  it("the arrows swap neighbours", () => {
    const list = workingListFrom([A, B, C]);
    const down = moveStep(list, 0, 1);
    expect(keys(down)).toEqual(["b", "a", "c"]);
    expect(numeros(down)).toEqual([1, 2, 3]);
    const up = moveStep(list, 2, -1);
    expect(keys(up)).toEqual(["a", "c", "b"]);
  });
  it("renumbers a list whose stored numbers had gaps", () => {
    const list = moveStep(workingListFrom([stored("a", 4), stored("b", 9)]), 1, -1);
    expect(keys(list)).toEqual(["b", "a"]);
    expect(numeros(list)).toEqual([1, 2]);
  });
  it("the arrows are disabled at the ends and moving past an end changes nothing", () => {
    expect(canMoveUp(0)).toBe(false);
    expect(canMoveUp(1)).toBe(true);
    expect(canMoveDown(2, 3)).toBe(false);
    expect(canMoveDown(1, 3)).toBe(true);
    expect(canMoveDown(0, 1)).toBe(false);
    const list = workingListFrom([A, B]);
    expect(keys(moveStep(list, 0, -1))).toEqual(["a", "b"]);
    expect(keys(moveStep(list, 1, 1))).toEqual(["a", "b"]);
  });
});

describe("image or video, never both", () => {
  it("choosing an image clears the pending video and vice versa", () => {
    const withVideo = setStepVideo({ image: null, video: null }, "/media/machine-step-videos/v.mp4");
    expect(withVideo).toEqual({ image: null, video: "/media/machine-step-videos/v.mp4" });
    const withImage = setStepImage(withVideo, "/media/machine-step-images/i.png");
    expect(withImage).toEqual({ image: "/media/machine-step-images/i.png", video: null });
    expect(setStepVideo(withImage, "/v2.mp4")).toEqual({ image: null, video: "/v2.mp4" });
  });
  it("removing one leaves the other untouched", () => {
    expect(setStepImage({ image: null, video: "/v.mp4" }, null)).toEqual({ image: null, video: "/v.mp4" });
    expect(setStepVideo({ image: "/i.png", video: null }, null)).toEqual({ image: "/i.png", video: null });
  });
  it("a step that loses its picture loses its description", () => {
    const step = { image: "/i.png", image_alt: "Le technicien", video: null };
    expect(setStepImage(step, null)).toEqual({ image: null, image_alt: null, video: null });
    expect(setStepVideo(step, "/v.mp4")).toEqual({ image: null, image_alt: null, video: "/v.mp4" });
    expect(setStepImage(step, "/k.png")).toEqual({ image: "/k.png", image_alt: "Le technicien", video: null });
  });
  it("works on the list by key", () => {
    const list = updateStepMedia(workingListFrom([stored("a", 1, { video: "/v.mp4" }), B]), "a", { image: "/i.png" });
    expect(list[0]).toMatchObject({ image: "/i.png", video: null });
    expect(list[1]).toMatchObject({ key: "b", image: null, video: null });
  });
});

describe("attaching an existing step", () => {
  it("needs a choice", () => {
    expect(attachStep(workingListFrom([A]), null)).toEqual({ ok: false, error: STEP_MESSAGES.pickRequired });
    expect(attachStep([], undefined)).toEqual({ ok: false, error: "Veuillez sélectionner une étape existante." });
  });
  it("refuses a step already on the machine", () => {
    const list = workingListFrom([A, B]);
    expect(attachStep(list, B)).toEqual({ ok: false, error: "Cette étape est déjà ajoutée à cette machine." });
  });
  it("appends a step not yet on the machine, numbered after the others", () => {
    const result = attachStep(workingListFrom([A, B]), stored("z", 1, { titre: "Remplissage" }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(keys(result.list)).toEqual(["a", "b", "z"]);
    expect(result.list[2]).toMatchObject({ id: "z", numero: 3, titre: "Remplissage" });
    expect(attachStep(result.list, stored("z", 1))).toEqual({ ok: false, error: STEP_MESSAGES.duplicate });
  });
});

describe("step_ids after save", () => {
  it("are the old ids plus the new ones when steps were only added", () => {
    let list = workingListFrom([A, B]);
    list = appendNewStep(appendNewStep(list, "n1"), "n2");
    expect(stepIdsAfterSave(list, ["new-1", "new-2"])).toEqual(["a", "b", "new-1", "new-2"]);
  });
  it("follow the on-screen order and leave out steps taken off the list", () => {
    let list = appendNewStep(workingListFrom([A, B, C]), "n1");
    list = removeStep(list, "b");
    list = moveStep(list, 2, -1); // new step above c
    expect(stepIdsAfterSave(list, ["new-1"])).toEqual(["a", "new-1", "c"]);
  });
  it("include an attached step, once", () => {
    const attached = attachStep(workingListFrom([A]), C);
    if (!attached.ok) throw new Error("attach failed");
    expect(stepIdsAfterSave(attached.list, [])).toEqual(["a", "c"]);
    expect(stepIdsAfterSave([{ id: "a" }, { id: "a" }], [])).toEqual(["a"]);
  });
  it("refuse to run short of created ids", () => {
    expect(() => stepIdsAfterSave(appendNewStep([], "n"), [])).toThrow();
  });
});

describe("payload", () => {
  it("sends trimmed texts in on-screen order", () => {
    const list = editStep(appendNewStep(workingListFrom([A]), "n"), "n", {
      titre: "  Livraison ",
      description: " ok ",
    });
    expect(stepsPayload(list)).toEqual([
      { id: "a", numero: 1, titre: "Étape a", description: "", image: null, image_alt: null, video: null },
      { id: null, numero: 2, titre: "Livraison", description: "ok", image: null, image_alt: null, video: null },
    ]);
  });
  it("sends a picture's description trimmed, and none without a picture", () => {
    const list = workingListFrom([
      stored("a", 1, { image: "/i.png", image_alt: "  Le technicien  " }),
      stored("b", 2, { image: "/j.png", image_alt: "   " }),
      stored("c", 3, { image: null, image_alt: "Sans image" }),
    ]);
    expect(stepsPayload(list).map((s) => s.image_alt)).toEqual(["Le technicien", null, null]);
  });
});
