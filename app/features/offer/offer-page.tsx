import { lazy, Suspense, useRef, useState, useSyncExternalStore, type MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { offerDialogHash, offerMachineUrl, parseOfferDialogHash, type OfferDialogPlace } from "~/rules/offer-query";
import { isPlainClick } from "~/lib/plain-click";
import { OFFER_TEXTS, offerSections } from "~/rules/offer-texts";
import type { SiteConfig } from "~/rules/site";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import { MachinesSection, OfferHeader, ProductsSection, ServiceSection } from "./offer-sections";
import { ProgressNav } from "./progress-nav";
import type { OfferLoaderData, OfferPreview } from "./view";

// The dialogs (and the dialog library) load on first use; hovering or focusing a button starts it.
const loadMachines = () => import("./machines-dialog");
const loadProducts = () => import("./products-dialog");
const loadSheet = () => import("./machine-sheet");
const MachinesDialog = lazy(() => loadMachines().then((m) => ({ default: m.MachinesDialog })));
const MachineSheet = lazy(() => loadSheet().then((m) => ({ default: m.MachineSheet })));
const ProductsDialog = lazy(() => loadProducts().then((m) => ({ default: m.ProductsDialog })));
const preload = (load: () => Promise<unknown>) => ({
  onPointerEnter: () => void load(),
  onFocus: () => void load(),
  onTouchStart: () => void load(),
});

/** Set on the history entries the page pushes: how many steps back lead to the page as it was before
 * a dialog opened, whether that first entry already showed a dialog (an address someone shared), and
 * whether a machine view was opened from the machines dialog. */
type PlaceState = { dialogDepth?: number; sharedDialog?: boolean; machineFromList?: boolean } | null;

const noSubscription = () => () => {};
/** False on the server and while the page hydrates, true after: the address's fragment (never sent to
 * the server) opens a dialog only once the page the server sent has become the app. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function OfferPage({
  preview,
  view,
  site,
  texts,
}: {
  preview: OfferPreview | null;
  view: OfferLoaderData["view"];
  site: SiteConfig;
  texts: OfferLoaderData["texts"];
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const state = location.state as PlaceState;
  const depth = state?.dialogDepth ?? 0;
  // A dialog's code loads on first use and stays.
  const [used, setUsed] = useState({ machines: false, products: false });
  // Each dialog (and each category of the machines one) is an address: #nos-machines/<id>, so Back
  // closes it and it can be shared. A machine view the page opened with (a shared or reloaded
  // address) shows alone: the list it may have come from is not opened beneath it.
  const place = hydrated && (!view || used.machines) ? parseOfferDialogHash(location.hash) : null;
  const machinesOpen = place?.dialog === "machines";
  const productsOpen = place?.dialog === "produits";
  if ((machinesOpen && !used.machines) || (productsOpen && !used.products))
    setUsed({ machines: used.machines || machinesOpen, products: used.products || productsOpen });

  const sharedDialog = state?.sharedDialog ?? (depth === 0 && place !== null);
  const pushed = (extra: PlaceState = {}): PlaceState => ({ dialogDepth: depth + 1, sharedDialog, ...extra });
  const goTo = (next: OfferDialogPlace) =>
    void navigate(
      { pathname: location.pathname, search: location.search, hash: offerDialogHash(next) },
      { preventScrollReset: true, state: pushed() },
    );
  // Closing goes back through the entries the page pushed; when the first of them already showed a
  // dialog (a shared address), the page's own address replaces the current one.
  const closeTo = (address: string) => {
    if (depth > 0 && !sharedDialog) void navigate(-depth);
    else void navigate(address, { replace: true, preventScrollReset: true });
  };
  const closeDialog = () => closeTo(location.pathname + location.search);
  const openMachines = () => goTo({ dialog: "machines", category: null });
  const openProducts = () => goTo({ dialog: "produits" });

  // The machine view is an address too (/notre-offre?machine=<id>): opened from the machines dialog,
  // it keeps the dialog's fragment, so that Back shows the list again.
  const fromList = machinesOpen && state?.machineFromList === true;
  const openView = (id: string) => {
    void loadSheet();
    void navigate(`${offerMachineUrl(id)}${location.hash}`, {
      preventScrollReset: true,
      state: pushed({ machineFromList: true }),
    });
  };
  const backToList = () => void navigate(-1);
  // A view opened from its own address: closing it shows the page (a new entry, so Back reopens it).
  const closeView = () => {
    if (depth > 0) closeTo("/notre-offre");
    else void navigate("/notre-offre", { preventScrollReset: true });
  };
  const reduced = usePrefersReducedMotion();
  const top = useRef<HTMLHeadingElement>(null);
  // Today's texts when the loader could not read the published ones.
  const offer = texts?.offer ?? OFFER_TEXTS;
  const sections = offerSections(offer);

  function backToTop(event: MouseEvent) {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" });
    top.current?.focus({ preventScroll: true });
  }

  return (
    <>
      <OfferHeader titleRef={top} texts={offer} sections={sections} />

      <ProgressNav sections={sections} />

      <MachinesSection
        section={sections[0]!}
        preview={preview}
        onOpen={openMachines}
        onOpenCategory={(category) => goTo({ dialog: "machines", category })}
        preload={preload(loadMachines)}
      />

      <ProductsSection section={sections[1]!} preview={preview} onOpen={openProducts} preload={preload(loadProducts)} />

      <ServiceSection section={sections[2]!} site={site} texts={texts} onBackToTop={backToTop} />

      <Suspense fallback={null}>
        {used.machines && (
          <MachinesDialog
            open={machinesOpen}
            category={place?.dialog === "machines" ? place.category : null}
            onClose={closeDialog}
            onPickCategory={(category) => goTo({ dialog: "machines", category })}
            onBackToCategories={() => (depth > 1 ? void navigate(-1) : goTo({ dialog: "machines", category: null }))}
            onPickMachine={openView}
          />
        )}
        {used.products && (
          <ProductsDialog open={productsOpen} onOpenChange={(open) => (open ? openProducts() : closeDialog())} />
        )}
      </Suspense>
      {/* In the server's HTML when the address names a machine. */}
      <Suspense fallback={null}>
        {view && (
          <MachineSheet key={view.id} view={view} onClose={closeView} onBack={fromList ? backToList : undefined} />
        )}
      </Suspense>
    </>
  );
}
