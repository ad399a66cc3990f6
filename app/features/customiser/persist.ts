// zod/mini: the same validation as zod, a fraction of the bytes in the browser bundle.
import * as z from "zod/mini";
import {
  FALLBACK_GRID,
  LIMITS,
  normalizeGrid,
  slotCount,
  slotKey,
  type ChosenProduct,
  type CustomiserState,
  type Section,
} from "./state";

// The CSP refuses eval: keep zod from probing `new Function` (see app/lib/zod.ts).
z.config({ jitless: true });

// The layout in progress is kept in the browser, one entry per machine, under a versioned key. What
// comes back is validated: anything malformed (an older version, a hand-edited value) is ignored.

const STORAGE_VERSION = 1;
export const storageKey = (machineId: string) => `distributrices:customiser:v${STORAGE_VERSION}:${machineId}`;

const finite = z.number();
const StoredSection = z.object({
  id: z.string().check(z.regex(/^s\d{1,4}$/)),
  rows: finite,
  cols: finite,
  position: z.object({ x: finite, y: finite }),
  size: z.object({ width: finite, height: finite }),
});
const StoredProduct = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  nom: z.string().check(z.maxLength(300)),
  image: z.string().check(z.maxLength(2000)),
});
const StoredDraft = z.object({
  version: z.literal(STORAGE_VERSION),
  savedAt: z.string(),
  state: z.object({
    sections: z.array(StoredSection).check(z.minLength(LIMITS.minSections), z.maxLength(LIMITS.maxSections)),
    selections: z.record(z.string(), StoredProduct),
    nextId: z.int().check(z.positive()),
  }),
});

type StoredDraft = z.infer<typeof StoredDraft>;

export function serializeDraft(state: CustomiserState, now = new Date()): string {
  const draft: StoredDraft = { version: STORAGE_VERSION, savedAt: now.toISOString(), state };
  return JSON.stringify(draft);
}

/** The saved state, made valid (values clamped, duplicate sections and stray slots dropped), or null. */
export function parseDraft(raw: string | null | undefined): { state: CustomiserState; savedAt: string } | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = StoredDraft.safeParse(json);
  if (!parsed.success) return null;
  const { sections: stored, selections: storedSelections, nextId } = parsed.data.state;
  const ids = new Set<string>();
  const sections: Section[] = [];
  for (const s of stored) {
    if (ids.has(s.id)) return null;
    ids.add(s.id);
    sections.push({ id: s.id, ...normalizeGrid(s, FALLBACK_GRID) });
  }
  const selections: Record<string, ChosenProduct> = {};
  for (const section of sections) {
    for (let slot = 0; slot < slotCount(section); slot++) {
      const product = storedSelections[slotKey(section.id, slot)];
      if (product) selections[slotKey(section.id, slot)] = product;
    }
  }
  const highest = Math.max(...sections.map((s) => Number(s.id.slice(1))));
  return { state: { sections, selections, nextId: Math.max(nextId, highest + 1) }, savedAt: parsed.data.savedAt };
}

export function loadDraft(storage: Pick<Storage, "getItem"> | undefined, machineId: string) {
  try {
    return parseDraft(storage?.getItem(storageKey(machineId)));
  } catch {
    return null;
  }
}

export function saveDraft(storage: Pick<Storage, "setItem"> | undefined, machineId: string, state: CustomiserState) {
  try {
    storage?.setItem(storageKey(machineId), serializeDraft(state));
    return true;
  } catch {
    // Private mode or a full quota: the customiser keeps working, only the draft is not kept.
    return false;
  }
}

export function clearDraft(storage: Pick<Storage, "removeItem"> | undefined, machineId: string) {
  try {
    storage?.removeItem(storageKey(machineId));
  } catch {
    /* nothing to do */
  }
}
