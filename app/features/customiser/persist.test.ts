import { describe, expect, it } from "vitest";
import { clearDraft, loadDraft, parseDraft, saveDraft, serializeDraft, storageKey } from "./persist";
import { createReducer, initialState, type CustomiserState } from "./state";

const reducer = createReducer({});
const chips = { id: "p1", nom: "Chips", image: "/media/product-images/chips.webp" };

function sample(): CustomiserState {
  return [
    { type: "addSection" } as const,
    { type: "select", sectionId: "s2", slot: 4, product: chips } as const,
  ].reduce(reducer, initialState({}));
}

class MemoryStorage {
  map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

describe("the saved draft", () => {
  it("uses a versioned key per machine", () => {
    expect(storageKey("abc")).toBe("distributrices:customiser:v1:abc");
  });

  it("round-trips through storage", () => {
    const storage = new MemoryStorage();
    const state = sample();
    expect(saveDraft(storage, "m1", state)).toBe(true);
    expect(loadDraft(storage, "m1")?.state).toEqual(state);
    expect(loadDraft(storage, "m2")).toBeNull();
    clearDraft(storage, "m1");
    expect(loadDraft(storage, "m1")).toBeNull();
  });

  it("ignores malformed or other-version drafts", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft("{")).toBeNull();
    expect(parseDraft(JSON.stringify({ version: 2, savedAt: "", state: sample() }))).toBeNull();
    const tooMany = { ...sample(), sections: [1, 2, 3, 4].map((i) => ({ ...sample().sections[0]!, id: `s${i}` })) };
    expect(parseDraft(serializeDraft(tooMany))).toBeNull();
    const none = { ...sample(), sections: [] };
    expect(parseDraft(serializeDraft(none))).toBeNull();
    const duplicate = { ...sample(), sections: [sample().sections[0]!, sample().sections[0]!] };
    expect(parseDraft(serializeDraft(duplicate))).toBeNull();
    expect(
      parseDraft(
        JSON.stringify({ version: 1, savedAt: "x", state: { ...sample(), selections: { "s1:0": { id: 3 } } } }),
      ),
    ).toBeNull();
  });

  it("clamps values and drops selections outside the grid", () => {
    const state = sample();
    const edited: CustomiserState = {
      ...state,
      sections: [
        { ...state.sections[0]!, rows: 40, cols: 2, position: { x: -4, y: 300 }, size: { width: 1, height: 2 } },
        state.sections[1]!,
      ],
      selections: { ...state.selections, "s1:30": chips, "s1:1": chips, "s9:0": chips },
      nextId: 1,
    };
    const restored = parseDraft(serializeDraft(edited))!.state;
    expect(restored.sections[0]).toMatchObject({
      rows: 10,
      cols: 2,
      position: { x: 0, y: 100 },
      size: { width: 50, height: 50 },
    });
    expect(Object.keys(restored.selections).sort()).toEqual(["s1:1", "s2:4"]);
    expect(restored.nextId).toBe(3);
  });

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(loadDraft(broken, "m")).toBeNull();
    expect(saveDraft(broken, "m", sample())).toBe(false);
    expect(() => clearDraft(broken, "m")).not.toThrow();
  });
});
