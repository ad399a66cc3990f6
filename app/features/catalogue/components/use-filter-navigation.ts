// While the app runs, the filter form changes the URL (and the list) without a full reload: at once for
// a box, after a short pause in typing for the name and prices.
import { useEffect, useRef, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { filtersFromForm, filtersPath, sameFilters } from "../filter-form";
import type { ProductFilters } from "~/rules/catalogue-filters";

export const TYPING_DELAY_MS = 300;
export const PRICE_DELAY_MS = 450;

export function useFilterNavigation(filters: ProductFilters, tags: string[]) {
  const navigate = useNavigate();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The field being typed in: its keystrokes make one history entry.
  const typing = useRef<string | null>(null);

  useEffect(() => () => clearTimeout(timer.current), []);
  // Checkboxes follow the URL too (back button, 'Effacer'); a click shows at once, before the list loads.
  const lastFilters = useRef(filters);
  useEffect(() => {
    const form = formRef.current;
    if (!form || lastFilters.current === filters) return;
    lastFilters.current = filters;
    for (const input of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="tag"]')) {
      input.checked = filters.tags.includes(input.value);
    }
    const top10 = form.querySelector<HTMLInputElement>('input[name="top10"]');
    if (top10) top10.checked = filters.top10;
  }, [filters]);

  /** Navigates to the form's current filters (always back to page 1). */
  const apply = (replace = false) => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const path = filtersPath(filtersFromForm(new FormData(form), tags), location.search);
    if (path) void navigate(path, { preventScrollReset: true, replace });
  };

  // What was ticked or typed before the app started is applied now.
  useEffect(() => {
    if (formRef.current && !sameFilters(filtersFromForm(new FormData(formRef.current), tags), filters)) apply();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the app starts
  }, []);

  return {
    formRef,
    /** Debounced apply while typing; consecutive keystrokes in one field make one history entry. */
    applyLater: (field: string, delay: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const replace = typing.current === field;
        typing.current = field;
        apply(replace);
      }, delay);
    },
    /** A box was ticked: its change applies at once, as a new history entry. */
    applyNow: () => {
      typing.current = null;
      apply();
    },
    /** Leaving a field ends its typing: the next keystrokes make a new history entry. */
    endTyping: () => {
      typing.current = null;
    },
    /** 'Effacer' follows its link: nothing typed before it applies after it. */
    cancelPending: () => {
      clearTimeout(timer.current);
      typing.current = null;
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      typing.current = null;
      apply();
    },
  };
}
