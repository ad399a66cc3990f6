// The picker's filters and the page of products they show. The first page without filters comes with
// the customiser; others come from the server, the last page shown staying on screen meanwhile.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  DEFAULT_PICKER_FILTERS,
  isDefaultPickerFilters,
  pickerSearchParams,
  type PickerFilters,
  type PickerPage,
} from "./filters";

type PickerData = { picker: PickerPage };

export function usePickerPage({
  open,
  machineId,
  firstPage,
}: {
  open: boolean;
  machineId: string;
  firstPage: PickerPage;
}) {
  const [filters, setFilters] = useState<PickerFilters>(DEFAULT_PICKER_FILTERS);
  const [query, setQuery] = useState("");
  const fetcher = useFetcher<PickerData>();
  // The page last shown, kept on screen while the next one loads.
  const [lastPage, setLastPage] = useState<PickerPage>(firstPage);

  // The name field waits for a pause in typing.
  useEffect(() => {
    if (query === filters.q) return;
    const timer = setTimeout(() => setFilters((f) => ({ ...f, q: query, page: 1 })), 250);
    return () => clearTimeout(timer);
  }, [query, filters.q]);

  const isDefault = isDefaultPickerFilters(filters);
  const wanted = pickerSearchParams(filters).toString();
  const requested = useRef<string | null>(null);
  const load = useRef(fetcher.load);
  useLayoutEffect(() => {
    load.current = fetcher.load;
  });
  useEffect(() => {
    if (!open || isDefault) return;
    requested.current = wanted;
    void load.current(`/creer-machine/${machineId}?${wanted}`);
  }, [open, isDefault, wanted, machineId]);

  // Only an answer to the filters shown counts: until the effect above has asked for them, the data is older.
  // eslint-disable-next-line react-hooks/refs -- never stale: the effect sets it as it calls load, whose loading state renders again
  const fetched = fetcher.state === "idle" && requested.current === wanted ? fetcher.data?.picker : undefined;
  const fresh = isDefault ? firstPage : (fetched ?? null);
  if (fresh && fresh !== lastPage) setLastPage(fresh);
  const page = fresh ?? lastPage;
  const loading = !fresh;

  const set = (patch: Partial<PickerFilters>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const clear = () => {
    setQuery("");
    setFilters(DEFAULT_PICKER_FILTERS);
  };
  return { filters, query, setQuery, set, clear, page, loading };
}
