import { normalizeForSearch } from "~/rules/text";

// ---- The product picker filters by name, category and tag, where 'all' means no filter ----

export const PICKER_PAGE_SIZE = 12;
export const ALL = "all";

export type PickerFilters = { q: string; category: string; tag: string; page: number };
export const DEFAULT_PICKER_FILTERS: PickerFilters = { q: "", category: ALL, tag: ALL, page: 1 };

export type PickerProduct = {
  id: string;
  nom: string;
  image: string;
  prix: number;
  categorie: string[];
  tags: string[];
};
export type PickerPage = {
  items: PickerProduct[];
  total: number;
  page: number;
  pageCount: number;
  filters: PickerFilters;
};
export type PickerOptions = { categories: string[]; tags: string[] };

const text = (value: string | null, max: number) => (value ?? "").trim().slice(0, max);

/** Filters from the picker's query string; anything missing or odd falls back to 'all' / page 1. */
export function parsePickerFilters(params: URLSearchParams): PickerFilters {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    q: text(params.get("q"), 100),
    category: text(params.get("categorie"), 100) || ALL,
    tag: text(params.get("tag"), 100) || ALL,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

export function pickerSearchParams(filters: PickerFilters): URLSearchParams {
  const params = new URLSearchParams({ picker: "1" });
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.category !== ALL) params.set("categorie", filters.category);
  if (filters.tag !== ALL) params.set("tag", filters.tag);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

export const isDefaultPickerFilters = (f: PickerFilters) =>
  f.q.trim() === "" && f.category === ALL && f.tag === ALL && f.page === 1;

/** Number of pages for a total (at least 1) and the page clamped into it. */
export function pageWindow(total: number, page: number, size = PICKER_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pageCount);
  return { pageCount, page: current, offset: (current - 1) * size };
}

// ---- The machine selection (/creer-machine) ----

export type MachineFilter = { q: string; categorie: string };

/** Name search (case- and accent-insensitive substring) and category ('' or 'all' = every category). */
export function filterMachines<T extends { nom: string; categorie_id: string | null }>(
  machines: T[],
  filter: MachineFilter,
): T[] {
  const q = normalizeForSearch(filter.q);
  const category = filter.categorie && filter.categorie !== ALL ? filter.categorie : null;
  return machines.filter(
    (m) => (!q || normalizeForSearch(m.nom).includes(q)) && (!category || m.categorie_id === category),
  );
}

/** '{produits_par_rangee or 6} produits par rangée × {nombre_de_rangees or 6} rangées' */
export function gridLabel(machine: { produits_par_rangee: number | null; nombre_de_rangees: number | null }) {
  return `${machine.produits_par_rangee || 6} produits par rangée × ${machine.nombre_de_rangees || 6} rangées`;
}
