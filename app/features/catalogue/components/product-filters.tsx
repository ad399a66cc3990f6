import { useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { cn } from "~/lib/cn";
import { useAppStarted } from "~/lib/use-app-started";
import { activeFilterCount, type ProductFilters } from "~/rules/catalogue-filters";
import { FilterActions, FiltersToggle, NameSearch, PriceFields, TagChoices, Top10Choice } from "./filter-fields";
import { useFilterNavigation } from "./use-filter-navigation";

type Props = {
  filters: ProductFilters;
  tags: string[];
};

// While the phone's filter panel is open (its popover state, see below). Written out whole: the styles
// are generated from the class names found in the source.
const OPEN_PANEL = "group-has-[[data-filtres]:popover-open]/filtres:flex";

/**
 * The catalogue filters: one GET form whose fields are the URL's parameters. Before the app runs (and
 * without JavaScript) it submits normally; with it, every change updates the URL (and the list) without
 * a full reload, the name and prices after a short pause in typing. The phone's 'Filtres' button toggles
 * a native popover that only holds the panel's open state (the panel shows in CSS while it is open), so
 * it works before the app runs too.
 */
export function ProductFilterForm({ filters, tags }: Props) {
  const { formRef, applyLater, applyNow, endTyping, cancelPending, onSubmit } = useFilterNavigation(filters, tags);
  const started = useAppStarted();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panelState = useRef<HTMLDivElement>(null);

  // A 'Filtres' tap before the app started is kept.
  useEffect(() => {
    setOpen(panelState.current?.matches(":popover-open") ?? false);
  }, []);

  return (
    <Form
      ref={formRef}
      method="get"
      action="/produits"
      onSubmit={onSubmit}
      role="search"
      aria-label="Filtrer les produits"
      className="group/filtres flex flex-col gap-4"
    >
      <div
        ref={panelState}
        id={`${panelId}-etat`}
        popover="manual"
        data-filtres
        className="hidden"
        onToggle={(event) => setOpen(event.newState === "open")}
      />
      <div className="flex items-end gap-2">
        <NameSearch q={filters.q} applyLater={applyLater} endTyping={endTyping} />
        <FiltersToggle
          popoverId={`${panelId}-etat`}
          panelId={panelId}
          expanded={started ? open : undefined}
          count={activeFilterCount(filters)}
        />
      </div>

      <div id={panelId} className={cn("hidden flex-col gap-6 pt-1 lg:flex", OPEN_PANEL)} data-testid="filtres-panneau">
        <PriceFields filters={filters} applyLater={applyLater} endTyping={endTyping} />
        <Top10Choice checked={filters.top10} onChange={applyNow} />
        {tags.length > 0 && <TagChoices tags={tags} selected={filters.tags} onChange={applyNow} />}
        <FilterActions
          started={started}
          onClear={cancelPending}
          onShowResults={() => {
            panelState.current?.hidePopover();
            document.getElementById("resultats")?.scrollIntoView({ block: "start" });
          }}
        />
      </div>
    </Form>
  );
}
