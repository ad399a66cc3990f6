// The customiser's state as pure functions: 1 to 3 sections over the machine's
// chassis, their grids, position (percent of the canvas, the box's centre) and size (px), and the
// product chosen for each slot. No I/O here: the components dispatch actions, the tests drive it.

/** The preview canvas in logical pixels: 900 px tall, as wide as a 2:3 chassis photo
 * shown at that height, so a position in percent of the canvas is a position on the photo (the demo
 * machines' default grids are measured that way). On narrow screens the canvas is scaled down as a
 * whole: positions and sizes mean the same thing on every device. */
export const CANVAS = { width: 600, height: 900 } as const;

export const LIMITS = {
  minSections: 1,
  maxSections: 3,
  minGrid: 1,
  maxGrid: 10,
  minSize: 50,
  maxWidth: CANVAS.width,
  maxHeight: CANVAS.height,
} as const;

export type Point = { x: number; y: number };
export type Size = { width: number; height: number };

/** One section's grid config, as in the configuration object and machines.grid_sections. */
export type GridConfig = { rows: number; cols: number; position: Point; size: Size };

export type Section = GridConfig & { id: string };

export type ChosenProduct = { id: string; nom: string; image: string };

export type CustomiserState = {
  sections: Section[];
  /** Keyed by slotKey(section id, slot index). */
  selections: Record<string, ChosenProduct>;
  /** Next section id number, so ids stay unique after removals. */
  nextId: number;
};

/** The first section's default grid: 6×6 at 30/50 %, 300×400 px. */
export const FALLBACK_GRID: GridConfig = {
  rows: 6,
  cols: 6,
  position: { x: 30, y: 50 },
  size: { width: 300, height: 400 },
};
/** A new section gets position 70/50 and size 300×400. */
export const NEW_SECTION_POSITION: Point = { x: 70, y: 50 };
export const NEW_SECTION_SIZE: Size = { width: 300, height: 400 };

/** The columns of the machine row that hold its default grid. */
export type MachineGrid = {
  produits_par_rangee?: number | null;
  nombre_de_rangees?: number | null;
  grid_default_position_x?: number | null;
  grid_default_position_y?: number | null;
  grid_default_width?: number | null;
  grid_default_height?: number | null;
  grid_sections?: unknown;
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round1 = (value: number) => Math.round(value * 10) / 10;
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const or = (value: unknown, fallback: number) => (isNumber(value) ? value : fallback);

const clampGrid = (value: number) => clamp(Math.round(value), LIMITS.minGrid, LIMITS.maxGrid);
const clampPosition = (p: Point): Point => ({ x: round1(clamp(p.x, 0, 100)), y: round1(clamp(p.y, 0, 100)) });
const clampSize = (s: Size): Size => ({
  width: Math.round(clamp(s.width, LIMITS.minSize, LIMITS.maxWidth)),
  height: Math.round(clamp(s.height, LIMITS.minSize, LIMITS.maxHeight)),
});

/** Any grid-like value, made valid: rows/cols 1–10, position 0–100 %, size 50 px up to the canvas. */
export function normalizeGrid(value: unknown, fallback: GridConfig): GridConfig {
  const v = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const position = (v.position && typeof v.position === "object" ? v.position : {}) as Record<string, unknown>;
  const size = (v.size && typeof v.size === "object" ? v.size : {}) as Record<string, unknown>;
  return {
    rows: clampGrid(or(v.rows, fallback.rows)),
    cols: clampGrid(or(v.cols, fallback.cols)),
    position: clampPosition({ x: or(position.x, fallback.position.x), y: or(position.y, fallback.position.y) }),
    size: clampSize({ width: or(size.width, fallback.size.width), height: or(size.height, fallback.size.height) }),
  };
}

/** The machine's own default grid, from its row (fallback 6 rows, 6 columns, 30/50, 300×400). */
export function machineDefaultGrid(machine: MachineGrid): GridConfig {
  return normalizeGrid(
    {
      rows: machine.nombre_de_rangees,
      cols: machine.produits_par_rangee,
      position: { x: machine.grid_default_position_x, y: machine.grid_default_position_y },
      size: { width: machine.grid_default_width, height: machine.grid_default_height },
    },
    FALLBACK_GRID,
  );
}

function storedSections(machine: MachineGrid): unknown[] {
  return Array.isArray(machine.grid_sections) ? machine.grid_sections.slice(0, LIMITS.maxSections) : [];
}

/** The defaults of the section at `index`: the machine's stored section there if it has one, else its
 * default grid for the first section, else a new section's place (70/50, 300×400) with the machine's
 * rows and columns. */
export function sectionDefaults(machine: MachineGrid, index: number): GridConfig {
  const base = machineDefaultGrid(machine);
  const fallback = index === 0 ? base : { ...base, position: NEW_SECTION_POSITION, size: NEW_SECTION_SIZE };
  const stored = storedSections(machine)[index];
  return stored ? normalizeGrid(stored, fallback) : normalizeGrid(fallback, FALLBACK_GRID);
}

/** Where the customiser starts: the machine's stored sections, else one section of its default grid. */
export function initialState(machine: MachineGrid): CustomiserState {
  const count = Math.max(1, storedSections(machine).length);
  const sections = Array.from({ length: count }, (_, i) => ({ id: `s${i + 1}`, ...sectionDefaults(machine, i) }));
  return { sections, selections: {}, nextId: count + 1 };
}

export const slotKey = (sectionId: string, slot: number) => `${sectionId}:${slot}`;
export const slotCount = (section: Pick<GridConfig, "rows" | "cols">) => section.rows * section.cols;

// ---- Drag and resize maths ----

/** Position after dragging by (dx, dy) logical px from `start`: percent of the canvas, clamped 0–100. */
export function dragPosition(start: Point, dx: number, dy: number, canvas: Size = CANVAS): Point {
  return clampPosition({ x: start.x + (dx / canvas.width) * 100, y: start.y + (dy / canvas.height) * 100 });
}

/** Size and position after dragging the top-left handle by (dx, dy) logical px: the bottom-right corner
 * stays put, each side stays at least 50 px (and at most the canvas), and the centre (the position)
 * follows the box. */
export function resizeFromTopLeft(
  start: { position: Point; size: Size },
  dx: number,
  dy: number,
  canvas: Size = CANVAS,
): { position: Point; size: Size } {
  const size = clampSize({ width: start.size.width - dx, height: start.size.height - dy });
  const shiftX = (start.size.width - size.width) / 2;
  const shiftY = (start.size.height - size.height) / 2;
  return {
    size,
    position: clampPosition({
      x: start.position.x + (shiftX / canvas.width) * 100,
      y: start.position.y + (shiftY / canvas.height) * 100,
    }),
  };
}

/** Size and position after moving the bottom-right corner by (dx, dy) logical px: the top-left corner
 * stays put (the keyboard's Maj + arrows on the move tab: → wider, ↓ taller). Same bounds. */
export function resizeFromBottomRight(
  start: { position: Point; size: Size },
  dx: number,
  dy: number,
  canvas: Size = CANVAS,
): { position: Point; size: Size } {
  const size = clampSize({ width: start.size.width + dx, height: start.size.height + dy });
  const shiftX = (size.width - start.size.width) / 2;
  const shiftY = (size.height - start.size.height) / 2;
  return {
    size,
    position: clampPosition({
      x: start.position.x + (shiftX / canvas.width) * 100,
      y: start.position.y + (shiftY / canvas.height) * 100,
    }),
  };
}

/** The box in logical px (left, top, width, height) for a section. */
export function sectionRect(section: Pick<GridConfig, "position" | "size">, canvas: Size = CANVAS) {
  return {
    left: (section.position.x / 100) * canvas.width - section.size.width / 2,
    top: (section.position.y / 100) * canvas.height - section.size.height / 2,
    width: section.size.width,
    height: section.size.height,
  };
}

// ---- Actions ----

export type CustomiserAction =
  | { type: "addSection" }
  | { type: "removeSection"; id: string }
  | { type: "changeRows"; id: string; delta: number }
  | { type: "changeCols"; id: string; delta: number }
  | { type: "resetSection"; id: string }
  | { type: "move"; id: string; position: Point }
  | { type: "moveBy"; id: string; dx: number; dy: number }
  | { type: "resize"; id: string; size: Size; position: Point }
  /** Grow (or shrink) by px; `anchor` is the corner that stays put (default: bottom-right, as the
   * top-left handle does). */
  | { type: "resizeBy"; id: string; dWidth: number; dHeight: number; anchor?: "top-left" | "bottom-right" }
  | { type: "select"; sectionId: string; slot: number; product: ChosenProduct }
  | { type: "clearSlot"; sectionId: string; slot: number }
  /** Every empty slot of the section, in slot order, takes the next of `products`, round and round. */
  | { type: "fillSection"; sectionId: string; products: readonly ChosenProduct[] }
  /** The section takes the grid and products of section `index` of `layout` (the machine's template). */
  | { type: "applySectionLayout"; sectionId: string; layout: CustomiserState; index: number }
  | { type: "restore"; state: CustomiserState }
  | { type: "startOver" };

const canAdd = (state: CustomiserState) => state.sections.length < LIMITS.maxSections;
const canRemove = (state: CustomiserState) => state.sections.length > LIMITS.minSections;
export const customiserLimits = (state: CustomiserState) => ({ canAdd: canAdd(state), canRemove: canRemove(state) });

function updateSection(state: CustomiserState, id: string, change: (s: Section) => Section): CustomiserState {
  const index = state.sections.findIndex((s) => s.id === id);
  if (index < 0) return state;
  const before = state.sections[index]!;
  const after = change(before);
  if (after === before) return state;
  const sections = state.sections.slice();
  sections[index] = after;
  // Changing the section grids clears all selections: a slot number would point elsewhere.
  const gridChanged = after.rows !== before.rows || after.cols !== before.cols;
  return { ...state, sections, selections: gridChanged ? {} : state.selections };
}

const sameGrid = (a: GridConfig, b: GridConfig) =>
  a.rows === b.rows &&
  a.cols === b.cols &&
  a.position.x === b.position.x &&
  a.position.y === b.position.y &&
  a.size.width === b.size.width &&
  a.size.height === b.size.height;

/** The reducer for one machine (its row gives the defaults). */
export function createReducer(machine: MachineGrid) {
  return function reducer(state: CustomiserState, action: CustomiserAction): CustomiserState {
    switch (action.type) {
      case "addSection": {
        if (!canAdd(state)) return state;
        const grid = machineDefaultGrid(machine);
        const section: Section = {
          id: `s${state.nextId}`,
          rows: grid.rows,
          cols: grid.cols,
          position: { ...NEW_SECTION_POSITION },
          size: { ...NEW_SECTION_SIZE },
        };
        return { ...state, sections: [...state.sections, section], nextId: state.nextId + 1 };
      }
      case "removeSection": {
        if (!canRemove(state) || !state.sections.some((s) => s.id === action.id)) return state;
        const prefix = `${action.id}:`;
        const selections = Object.fromEntries(
          Object.entries(state.selections).filter(([key]) => !key.startsWith(prefix)),
        );
        return { ...state, sections: state.sections.filter((s) => s.id !== action.id), selections };
      }
      case "changeRows":
      case "changeCols": {
        const field = action.type === "changeRows" ? "rows" : "cols";
        return updateSection(state, action.id, (s) => {
          const value = clampGrid(s[field] + action.delta);
          return value === s[field] ? s : { ...s, [field]: value };
        });
      }
      case "resetSection": {
        const index = state.sections.findIndex((s) => s.id === action.id);
        if (index < 0) return state;
        const defaults = sectionDefaults(machine, index);
        return updateSection(state, action.id, (s) => (sameGrid(s, defaults) ? s : { id: s.id, ...defaults }));
      }
      case "move":
        return updateSection(state, action.id, (s) => ({ ...s, position: clampPosition(action.position) }));
      case "moveBy":
        return updateSection(state, action.id, (s) => ({
          ...s,
          position: clampPosition({ x: s.position.x + action.dx, y: s.position.y + action.dy }),
        }));
      case "resize":
        return updateSection(state, action.id, (s) => ({
          ...s,
          size: clampSize(action.size),
          position: clampPosition(action.position),
        }));
      case "resizeBy":
        return updateSection(state, action.id, (s) => ({
          ...s,
          ...(action.anchor === "top-left"
            ? resizeFromBottomRight(s, action.dWidth, action.dHeight)
            : resizeFromTopLeft(s, -action.dWidth, -action.dHeight)),
        }));
      case "select": {
        const section = state.sections.find((s) => s.id === action.sectionId);
        if (!section || !Number.isInteger(action.slot) || action.slot < 0 || action.slot >= slotCount(section))
          return state;
        const { id, nom, image } = action.product;
        return {
          ...state,
          selections: { ...state.selections, [slotKey(action.sectionId, action.slot)]: { id, nom, image } },
        };
      }
      case "clearSlot": {
        const key = slotKey(action.sectionId, action.slot);
        if (!(key in state.selections)) return state;
        const { [key]: _removed, ...selections } = state.selections;
        return { ...state, selections };
      }
      case "fillSection":
        return fillSection(state, action.sectionId, action.products);
      case "applySectionLayout":
        return applySectionLayout(state, action.sectionId, action.layout, action.index);
      case "restore":
        return action.state;
      case "startOver":
        return initialState(machine);
    }
  };
}

function fillSection(state: CustomiserState, sectionId: string, products: readonly ChosenProduct[]) {
  const section = state.sections.find((s) => s.id === sectionId);
  if (!section || products.length === 0) return state;
  const selections = { ...state.selections };
  let next = 0;
  for (let slot = 0; slot < slotCount(section); slot++) {
    const key = slotKey(sectionId, slot);
    if (selections[key]) continue;
    const { id, nom, image } = products[next++ % products.length]!;
    selections[key] = { id, nom, image };
  }
  return next === 0 ? state : { ...state, selections };
}

function applySectionLayout(state: CustomiserState, sectionId: string, layout: CustomiserState, index: number) {
  const target = state.sections.findIndex((s) => s.id === sectionId);
  const source = layout.sections[index];
  if (target < 0 || !source) return state;
  const { id: _sourceId, ...grid } = source;
  const sections = state.sections.slice();
  sections[target] = { ...grid, position: { ...grid.position }, size: { ...grid.size }, id: sectionId };
  const selections = Object.fromEntries(
    Object.entries(state.selections).filter(([key]) => !key.startsWith(`${sectionId}:`)),
  );
  for (const { slot, product } of sectionSelections(layout, source)) selections[slotKey(sectionId, slot)] = product;
  return { ...state, sections, selections };
}

// ---- The configuration object: machine name, sections with their grids, chosen products ----

export type CustomMachineConfiguration = {
  machineName: string;
  numberOfSections: number;
  gridConfigs: GridConfig[];
  selectedProducts: { section: number; slot: number; productId: string; productName: string }[];
};

/** Section and slot numbers start at 1; slots count row by row, left to right. */
export function buildConfiguration(machineName: string, state: CustomiserState): CustomMachineConfiguration {
  return {
    machineName,
    numberOfSections: state.sections.length,
    gridConfigs: state.sections.map(({ rows, cols, position, size }) => ({
      rows,
      cols,
      position: { x: position.x, y: position.y },
      size: { width: size.width, height: size.height },
    })),
    selectedProducts: state.sections.flatMap((section, index) =>
      sectionSelections(state, section).map(({ slot, product }) => ({
        section: index + 1,
        slot: slot + 1,
        productId: product.id,
        productName: product.nom,
      })),
    ),
  };
}

/** A section's filled slots in slot order. */
export function sectionSelections(state: CustomiserState, section: Section) {
  const out: { slot: number; product: ChosenProduct }[] = [];
  for (let slot = 0; slot < slotCount(section); slot++) {
    const product = state.selections[slotKey(section.id, slot)];
    if (product) out.push({ slot, product });
  }
  return out;
}

export function filledCount(state: CustomiserState) {
  return state.sections.reduce((sum, s) => sum + sectionSelections(state, s).length, 0);
}

export function totalSlots(state: CustomiserState) {
  return state.sections.reduce((sum, s) => sum + slotCount(s), 0);
}

// ---- Placing one product in series: choose it once, then one tap a slot ----

/** What a tap on a slot does: with a product being placed, the tap puts it there (one tap a slot);
 * without, null: the spec's flow opens the picker for that slot. */
export function slotTapAction(
  placing: ChosenProduct | null,
  sectionId: string,
  slot: number,
): Extract<CustomiserAction, { type: "select" }> | null {
  return placing ? { type: "select", sectionId, slot, product: placing } : null;
}
