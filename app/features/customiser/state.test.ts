import { describe, expect, it } from "vitest";
import {
  buildConfiguration,
  CANVAS,
  createReducer,
  customiserLimits,
  dragPosition,
  FALLBACK_GRID,
  filledCount,
  initialState,
  machineDefaultGrid,
  normalizeGrid,
  resizeFromBottomRight,
  resizeFromTopLeft,
  sectionDefaults,
  sectionRect,
  slotKey,
  slotTapAction,
  totalSlots,
  type CustomiserAction,
  type CustomiserState,
  type MachineGrid,
} from "./state";

const DB_DEFAULTS: MachineGrid = {
  produits_par_rangee: 6,
  nombre_de_rangees: 6,
  grid_default_position_x: 50,
  grid_default_position_y: 50,
  grid_default_width: 300,
  grid_default_height: 400,
  grid_sections: [],
};
const EMPTY: MachineGrid = {};
const chips = { id: "p1", nom: "Chips BBQ", image: "/media/product-images/chips.webp" };
const eau = { id: "p2", nom: "Eau pétillante", image: "/placeholder.svg" };

function run(machine: MachineGrid, actions: CustomiserAction[], start?: CustomiserState) {
  const reducer = createReducer(machine);
  return actions.reduce(reducer, start ?? initialState(machine));
}

describe("initial state and defaults", () => {
  it("starts with one 6×6 section at 30/50, 300×400 when the machine row gives nothing", () => {
    const state = initialState(EMPTY);
    expect(state.sections).toEqual([{ id: "s1", ...FALLBACK_GRID }]);
    expect(FALLBACK_GRID).toEqual({ rows: 6, cols: 6, position: { x: 30, y: 50 }, size: { width: 300, height: 400 } });
    expect(state.selections).toEqual({});
  });

  it("reads the default grid from the machine row", () => {
    const machine: MachineGrid = {
      produits_par_rangee: 8,
      nombre_de_rangees: 5,
      grid_default_position_x: 42,
      grid_default_position_y: 47.5,
      grid_default_width: 360,
      grid_default_height: 520,
    };
    expect(initialState(machine).sections[0]).toEqual({
      id: "s1",
      rows: 5,
      cols: 8,
      position: { x: 42, y: 47.5 },
      size: { width: 360, height: 520 },
    });
    expect(initialState(DB_DEFAULTS).sections[0]!.position).toEqual({ x: 50, y: 50 });
  });

  it("clamps the machine's values into the customiser's bounds (grids up to 10, sizes from 50 px)", () => {
    const grid = machineDefaultGrid({
      produits_par_rangee: 20,
      nombre_de_rangees: 0,
      grid_default_position_x: -5,
      grid_default_position_y: 140,
      grid_default_width: 10,
      grid_default_height: 5000,
    });
    expect(grid).toEqual({ rows: 1, cols: 10, position: { x: 0, y: 100 }, size: { width: 50, height: 900 } });
    expect(machineDefaultGrid({ grid_default_width: 800 }).size.width).toBe(600);
  });

  it("falls back per value when a column is missing or not a number", () => {
    const grid = machineDefaultGrid({
      produits_par_rangee: null,
      nombre_de_rangees: Number.NaN,
      grid_default_width: 250,
    });
    expect(grid).toEqual({ rows: 6, cols: 6, position: { x: 30, y: 50 }, size: { width: 250, height: 400 } });
  });

  it("starts from the machine's stored grid_sections (at most 3), normalised", () => {
    const machine: MachineGrid = {
      ...DB_DEFAULTS,
      grid_sections: [
        { rows: 4, cols: 5, position: { x: 25, y: 40 }, size: { width: 280, height: 380 } },
        { rows: 12, cols: 0, position: { x: 75, y: 40 }, size: { width: 20, height: 380 } },
        { rows: 2, cols: 2 },
        { rows: 3, cols: 3 },
      ],
    };
    const state = initialState(machine);
    expect(state.sections.map((s) => s.id)).toEqual(["s1", "s2", "s3"]);
    expect(state.sections[0]).toMatchObject({ rows: 4, cols: 5, position: { x: 25, y: 40 } });
    expect(state.sections[1]).toMatchObject({ rows: 10, cols: 1, size: { width: 50, height: 380 } });
    // Missing values of a stored section take a new section's place.
    expect(state.sections[2]).toMatchObject({
      rows: 2,
      cols: 2,
      position: { x: 70, y: 50 },
      size: { width: 300, height: 400 },
    });
    expect(state.nextId).toBe(4);
  });

  it("gives later sections the new-section place when the machine has no stored section there", () => {
    expect(sectionDefaults(DB_DEFAULTS, 1)).toEqual({
      rows: 6,
      cols: 6,
      position: { x: 70, y: 50 },
      size: { width: 300, height: 400 },
    });
  });

  it("normalises garbage to the fallback", () => {
    expect(normalizeGrid("nope", FALLBACK_GRID)).toEqual(FALLBACK_GRID);
    expect(normalizeGrid({ rows: 3.6, position: { x: "1" } }, FALLBACK_GRID)).toMatchObject({
      rows: 4,
      position: { x: 30 },
    });
  });
});

describe("adding and removing sections", () => {
  it("adds up to 3 sections, each new one at 70/50, 300×400, and refuses a 4th", () => {
    let state = run(EMPTY, [{ type: "addSection" }]);
    expect(state.sections).toHaveLength(2);
    expect(state.sections[1]).toEqual({
      id: "s2",
      rows: 6,
      cols: 6,
      position: { x: 70, y: 50 },
      size: { width: 300, height: 400 },
    });
    state = run(EMPTY, [{ type: "addSection" }], state);
    expect(state.sections).toHaveLength(3);
    expect(customiserLimits(state).canAdd).toBe(false);
    const refused = run(EMPTY, [{ type: "addSection" }], state);
    expect(refused).toBe(state);
  });

  it("new sections take the machine's rows and columns", () => {
    const state = run({ produits_par_rangee: 4, nombre_de_rangees: 8 }, [{ type: "addSection" }]);
    expect(state.sections[1]).toMatchObject({ rows: 8, cols: 4 });
  });

  it("removes a section only while more than one exists", () => {
    const one = initialState(EMPTY);
    expect(customiserLimits(one).canRemove).toBe(false);
    expect(run(EMPTY, [{ type: "removeSection", id: "s1" }], one)).toBe(one);
    const two = run(EMPTY, [{ type: "addSection" }]);
    const after = run(EMPTY, [{ type: "removeSection", id: "s1" }], two);
    expect(after.sections.map((s) => s.id)).toEqual(["s2"]);
    expect(run(EMPTY, [{ type: "removeSection", id: "nope" }], two)).toBe(two);
  });

  it("removing a section drops its products and keeps the others'; ids stay unique", () => {
    const state = run(EMPTY, [
      { type: "addSection" },
      { type: "select", sectionId: "s1", slot: 0, product: chips },
      { type: "select", sectionId: "s2", slot: 3, product: eau },
      { type: "removeSection", id: "s1" },
      { type: "addSection" },
    ]);
    expect(state.sections.map((s) => s.id)).toEqual(["s2", "s3"]);
    expect(state.selections).toEqual({ [slotKey("s2", 3)]: eau });
    expect(buildConfiguration("M", state).selectedProducts).toEqual([
      { section: 1, slot: 4, productId: "p2", productName: "Eau pétillante" },
    ]);
  });
});

describe("rows and columns", () => {
  it("change by 1 and are clamped to 1–10", () => {
    let state = initialState(EMPTY);
    state = run(
      EMPTY,
      [
        { type: "changeRows", id: "s1", delta: 1 },
        { type: "changeCols", id: "s1", delta: -1 },
      ],
      state,
    );
    expect(state.sections[0]).toMatchObject({ rows: 7, cols: 5 });
    state = run(
      EMPTY,
      Array.from({ length: 12 }, () => ({ type: "changeRows", id: "s1", delta: 1 }) as const),
      state,
    );
    expect(state.sections[0]!.rows).toBe(10);
    state = run(
      EMPTY,
      Array.from({ length: 12 }, () => ({ type: "changeCols", id: "s1", delta: -1 }) as const),
      state,
    );
    expect(state.sections[0]!.cols).toBe(1);
  });

  it("a change at a bound changes nothing (and clears nothing)", () => {
    const start = run(EMPTY, [
      ...Array.from({ length: 5 }, () => ({ type: "changeCols", id: "s1", delta: -1 }) as const),
      { type: "select", sectionId: "s1", slot: 0, product: chips },
    ]);
    expect(start.sections[0]!.cols).toBe(1);
    expect(run(EMPTY, [{ type: "changeCols", id: "s1", delta: -1 }], start)).toBe(start);
  });

  it("changing any section's grid clears every selection, in every section", () => {
    const filled = run(EMPTY, [
      { type: "addSection" },
      { type: "select", sectionId: "s1", slot: 0, product: chips },
      { type: "select", sectionId: "s2", slot: 5, product: eau },
    ]);
    expect(filledCount(filled)).toBe(2);
    expect(run(EMPTY, [{ type: "changeRows", id: "s2", delta: -1 }], filled).selections).toEqual({});
    expect(run(EMPTY, [{ type: "changeCols", id: "s1", delta: 1 }], filled).selections).toEqual({});
  });

  it("moving or resizing keeps the selections", () => {
    const filled = run(EMPTY, [{ type: "select", sectionId: "s1", slot: 2, product: chips }]);
    const moved = run(
      EMPTY,
      [
        { type: "moveBy", id: "s1", dx: 5, dy: 0 },
        { type: "resizeBy", id: "s1", dWidth: 20, dHeight: 0 },
      ],
      filled,
    );
    expect(moved.selections).toEqual(filled.selections);
  });
});

describe("reset", () => {
  const machine: MachineGrid = { produits_par_rangee: 5, nombre_de_rangees: 4, grid_default_position_x: 45 };

  it("restores the section's machine defaults", () => {
    const state = run(machine, [
      { type: "changeRows", id: "s1", delta: 3 },
      { type: "moveBy", id: "s1", dx: 10, dy: -10 },
      { type: "resizeBy", id: "s1", dWidth: 40, dHeight: 40 },
      { type: "resetSection", id: "s1" },
    ]);
    expect(state.sections[0]).toEqual({
      id: "s1",
      rows: 4,
      cols: 5,
      position: { x: 45, y: 50 },
      size: { width: 300, height: 400 },
    });
  });

  it("falls back to 6 rows, 6 columns, 30/50, 300×400", () => {
    const state = run(EMPTY, [
      { type: "changeCols", id: "s1", delta: 2 },
      { type: "resetSection", id: "s1" },
    ]);
    expect(state.sections[0]).toEqual({ id: "s1", ...FALLBACK_GRID });
  });

  it("a second section resets to the new-section place", () => {
    const state = run(EMPTY, [
      { type: "addSection" },
      { type: "moveBy", id: "s2", dx: -40, dy: 0 },
      { type: "resetSection", id: "s2" },
    ]);
    expect(state.sections[1]).toMatchObject({ position: { x: 70, y: 50 }, size: { width: 300, height: 400 } });
  });

  it("clears the selections when it changes the grid, keeps them when only the place changes", () => {
    const filled = run(EMPTY, [{ type: "select", sectionId: "s1", slot: 1, product: chips }]);
    const moved = run(
      EMPTY,
      [
        { type: "moveBy", id: "s1", dx: 5, dy: 5 },
        { type: "resetSection", id: "s1" },
      ],
      filled,
    );
    expect(moved.selections).toEqual(filled.selections);
    const regrid = run(
      EMPTY,
      [
        { type: "changeRows", id: "s1", delta: 1 },
        { type: "select", sectionId: "s1", slot: 1, product: chips },
        { type: "resetSection", id: "s1" },
      ],
      filled,
    );
    expect(regrid.selections).toEqual({});
    expect(run(EMPTY, [{ type: "resetSection", id: "s1" }], filled)).toBe(filled);
  });
});

describe("drag and resize maths", () => {
  it("drags in percent of the 600×900 canvas, clamped 0–100", () => {
    expect(CANVAS).toEqual({ width: 600, height: 900 });
    expect(dragPosition({ x: 30, y: 50 }, 60, -90)).toEqual({ x: 40, y: 40 });
    expect(dragPosition({ x: 30, y: 50 }, -1000, 2000)).toEqual({ x: 0, y: 100 });
    expect(dragPosition({ x: 30, y: 50 }, 1, 0)).toEqual({ x: 30.2, y: 50 });
    expect(dragPosition({ x: 10, y: 10 }, 50, 50, { width: 500, height: 500 })).toEqual({ x: 20, y: 20 });
  });

  it("resizes from the top-left handle: the bottom-right corner stays, the centre follows", () => {
    const start = { position: { x: 50, y: 50 }, size: { width: 300, height: 400 } };
    const grown = resizeFromTopLeft(start, -60, -90);
    expect(grown.size).toEqual({ width: 360, height: 490 });
    expect(grown.position).toEqual({ x: 45, y: 45 });
    const before = sectionRect(start);
    const after = sectionRect(grown);
    expect(after.left + after.width).toBeCloseTo(before.left + before.width, 5);
    expect(after.top + after.height).toBeCloseTo(before.top + before.height, 5);
  });

  it("keeps at least 50 px per side and at most the canvas", () => {
    const start = { position: { x: 50, y: 50 }, size: { width: 300, height: 400 } };
    expect(resizeFromTopLeft(start, 500, 500).size).toEqual({ width: 50, height: 50 });
    expect(resizeFromTopLeft(start, 300, 0).size).toEqual({ width: 50, height: 400 });
    expect(resizeFromTopLeft(start, -5000, -5000).size).toEqual({ width: 600, height: 900 });
  });

  it("resizes from the bottom-right corner too: the top-left corner stays", () => {
    const start = { position: { x: 50, y: 50 }, size: { width: 300, height: 400 } };
    const grown = resizeFromBottomRight(start, 60, 90);
    expect(grown).toEqual({ size: { width: 360, height: 490 }, position: { x: 55, y: 55 } });
    expect(sectionRect(grown).left).toBeCloseTo(sectionRect(start).left, 5);
    expect(sectionRect(grown).top).toBeCloseTo(sectionRect(start).top, 5);
    expect(resizeFromBottomRight(start, -1000, 10_000).size).toEqual({ width: 50, height: 900 });
  });

  it("the keyboard moves by percent and resizes by pixels through the same rules", () => {
    let state = run(EMPTY, [{ type: "moveBy", id: "s1", dx: -100, dy: 3 }]);
    expect(state.sections[0]!.position).toEqual({ x: 0, y: 53 });
    state = run(EMPTY, [{ type: "resizeBy", id: "s1", dWidth: -400, dHeight: 10 }]);
    expect(state.sections[0]!.size).toEqual({ width: 50, height: 410 });
    // Default anchor: the bottom-right corner (the handle's); top-left for the move tab's Maj + arrows.
    expect(state.sections[0]!.position).toEqual({ x: 50.8, y: 49.4 });
    state = run(EMPTY, [{ type: "resizeBy", id: "s1", dWidth: 60, dHeight: 0, anchor: "top-left" }]);
    expect(state.sections[0]).toMatchObject({ size: { width: 360, height: 400 }, position: { x: 35, y: 50 } });
  });

  it("a committed drag or resize is clamped too", () => {
    const state = run(EMPTY, [
      { type: "move", id: "s1", position: { x: 120, y: -3 } },
      { type: "resize", id: "s1", size: { width: 10, height: 12 }, position: { x: 33.333, y: 50 } },
    ]);
    expect(state.sections[0]).toMatchObject({ position: { x: 33.3, y: 50 }, size: { width: 50, height: 50 } });
  });
});

describe("slots", () => {
  it("fills a slot with the product, replaces it, clears it with the ×", () => {
    let state = run(EMPTY, [{ type: "select", sectionId: "s1", slot: 7, product: { ...chips, prix: 2 } as never }]);
    expect(state.selections).toEqual({ "s1:7": chips });
    state = run(EMPTY, [{ type: "select", sectionId: "s1", slot: 7, product: eau }], state);
    expect(state.selections).toEqual({ "s1:7": eau });
    state = run(EMPTY, [{ type: "clearSlot", sectionId: "s1", slot: 7 }], state);
    expect(state.selections).toEqual({});
    expect(run(EMPTY, [{ type: "clearSlot", sectionId: "s1", slot: 7 }], state)).toBe(state);
  });

  it("refuses slots outside the section's grid and unknown sections", () => {
    const start = initialState(EMPTY);
    for (const slot of [-1, 36, 1.5]) {
      expect(run(EMPTY, [{ type: "select", sectionId: "s1", slot, product: chips }], start)).toBe(start);
    }
    expect(run(EMPTY, [{ type: "select", sectionId: "s9", slot: 0, product: chips }], start)).toBe(start);
  });

  it("counts filled and total slots", () => {
    const state = run(EMPTY, [
      { type: "addSection" },
      { type: "changeRows", id: "s2", delta: -2 },
      { type: "select", sectionId: "s2", slot: 0, product: chips },
    ]);
    expect(totalSlots(state)).toBe(36 + 24);
    expect(filledCount(state)).toBe(1);
  });
});

describe("filling a section in one step", () => {
  const cafe = { id: "p3", nom: "Café", image: "/placeholder.svg" };

  it("'Remplir avec le Top 10' fills every empty slot in slot order, round and round, and keeps the filled ones", () => {
    const start = run(EMPTY, [
      { type: "changeRows", id: "s1", delta: -4 },
      { type: "changeCols", id: "s1", delta: -3 },
      { type: "select", sectionId: "s1", slot: 1, product: cafe },
    ]);
    const state = run(EMPTY, [{ type: "fillSection", sectionId: "s1", products: [chips, eau] }], start);
    // 2 rows × 3 columns: slot 1 stays the coffee; the five others take chips, eau, chips, eau, chips.
    expect(state.selections).toEqual({
      "s1:0": chips,
      "s1:1": cafe,
      "s1:2": eau,
      "s1:3": chips,
      "s1:4": eau,
      "s1:5": chips,
    });
  });

  it("changes nothing in other sections, nor when the section is full, unknown or the list empty", () => {
    const two = run(EMPTY, [{ type: "addSection" }]);
    const state = run(EMPTY, [{ type: "fillSection", sectionId: "s2", products: [chips] }], two);
    expect(filledCount(state)).toBe(36);
    expect(Object.keys(state.selections).every((key) => key.startsWith("s2:"))).toBe(true);
    expect(run(EMPTY, [{ type: "fillSection", sectionId: "s2", products: [eau] }], state)).toBe(state);
    expect(run(EMPTY, [{ type: "fillSection", sectionId: "s9", products: [eau] }], two)).toBe(two);
    expect(run(EMPTY, [{ type: "fillSection", sectionId: "s1", products: [] }], two)).toBe(two);
  });

  it("'Appliquer le modèle' gives the section the template's grid, place and products for that section only", () => {
    const template = run(EMPTY, [
      { type: "addSection" },
      { type: "changeRows", id: "s2", delta: -3 },
      { type: "resize", id: "s2", size: { width: 200, height: 250 }, position: { x: 60, y: 40 } },
      { type: "select", sectionId: "s2", slot: 2, product: chips },
      { type: "select", sectionId: "s1", slot: 0, product: eau },
    ]);
    const start = run(EMPTY, [
      { type: "addSection" },
      { type: "select", sectionId: "s1", slot: 5, product: cafe },
      { type: "select", sectionId: "s2", slot: 0, product: cafe },
    ]);
    const state = run(EMPTY, [{ type: "applySectionLayout", sectionId: "s2", layout: template, index: 1 }], start);
    expect(state.sections[1]).toEqual({
      id: "s2",
      rows: 3,
      cols: 6,
      position: { x: 60, y: 40 },
      size: { width: 200, height: 250 },
    });
    expect(state.sections[0]).toBe(start.sections[0]);
    expect(state.selections).toEqual({ "s1:5": cafe, "s2:2": chips });
    expect(run(EMPTY, [{ type: "applySectionLayout", sectionId: "s2", layout: template, index: 2 }], start)).toBe(
      start,
    );
  });
});

describe("start over and restore", () => {
  it("start over returns to the machine's initial state", () => {
    const state = run(EMPTY, [
      { type: "addSection" },
      { type: "select", sectionId: "s1", slot: 0, product: chips },
      { type: "startOver" },
    ]);
    expect(state).toEqual(initialState(EMPTY));
  });

  it("restore replaces the state", () => {
    const saved = run(EMPTY, [{ type: "addSection" }]);
    expect(run(EMPTY, [{ type: "restore", state: saved }])).toBe(saved);
  });
});

describe("the configuration object (machine name, sections with their grids, chosen products)", () => {
  it("has the machine name, the number of sections, each grid config and the chosen products", () => {
    const state = run(EMPTY, [
      { type: "addSection" },
      { type: "changeRows", id: "s2", delta: -2 },
      { type: "move", id: "s1", position: { x: 28.4, y: 51 } },
      { type: "select", sectionId: "s2", slot: 11, product: eau },
      { type: "select", sectionId: "s1", slot: 6, product: chips },
      { type: "select", sectionId: "s1", slot: 0, product: eau },
    ]);
    expect(buildConfiguration("Distributrice Élégance", state)).toEqual({
      machineName: "Distributrice Élégance",
      numberOfSections: 2,
      gridConfigs: [
        { rows: 6, cols: 6, position: { x: 28.4, y: 51 }, size: { width: 300, height: 400 } },
        { rows: 4, cols: 6, position: { x: 70, y: 50 }, size: { width: 300, height: 400 } },
      ],
      selectedProducts: [
        { section: 1, slot: 1, productId: "p2", productName: "Eau pétillante" },
        { section: 1, slot: 7, productId: "p1", productName: "Chips BBQ" },
        { section: 2, slot: 12, productId: "p2", productName: "Eau pétillante" },
      ],
    });
  });

  it("carries no section ids or pictures, and is plain JSON", () => {
    const config = buildConfiguration("M", run(EMPTY, [{ type: "select", sectionId: "s1", slot: 0, product: chips }]));
    expect(Object.keys(config)).toEqual(["machineName", "numberOfSections", "gridConfigs", "selectedProducts"]);
    expect(Object.keys(config.gridConfigs[0]!)).toEqual(["rows", "cols", "position", "size"]);
    expect(JSON.parse(JSON.stringify(config))).toEqual(config);
  });
});

describe("placing one product in series", () => {
  const machine: MachineGrid = { produits_par_rangee: 6, nombre_de_rangees: 6 };
  const chips = { id: "p1", nom: "Chips au ketchup", image: "/img/chips.webp" };

  it("a tap opens the picker when nothing is being placed", () => {
    expect(slotTapAction(null, "s1", 0)).toBeNull();
  });

  it("fills six slots with six taps once the product is chosen", () => {
    const reducer = createReducer(machine);
    let state = initialState(machine);
    const section = state.sections[0]!.id;
    for (const slot of [0, 1, 2, 6, 7, 8]) state = reducer(state, slotTapAction(chips, section, slot)!);
    expect(filledCount(state)).toBe(6);
    expect(state.selections[slotKey(section, 8)]).toEqual(chips);
    // A tap on a filled slot replaces nothing else and keeps the count.
    expect(filledCount(reducer(state, slotTapAction(chips, section, 0)!))).toBe(6);
  });
});
