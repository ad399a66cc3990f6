import { lazy, Suspense, useRef, useState, type MouseEvent } from "react";
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
const MachinesDialog = lazy(() => loadMachines().then((m) => ({ default: m.MachinesDialog })));
const ProductsDialog = lazy(() => loadProducts().then((m) => ({ default: m.ProductsDialog })));
const preload = (load: () => Promise<unknown>) => ({
  onPointerEnter: () => void load(),
  onFocus: () => void load(),
  onTouchStart: () => void load(),
});

export function OfferPage({
  preview,
  site,
  texts,
}: {
  preview: OfferPreview | null;
  site: SiteConfig;
  texts: OfferLoaderData["texts"];
}) {
  const [machinesOpen, setMachinesOpen] = useState(false);
  const [productsOpen, setProductsOpen] = useState(false);
  const [used, setUsed] = useState({ machines: false, products: false });
  const openMachines = () => {
    setUsed((u) => ({ ...u, machines: true }));
    setMachinesOpen(true);
  };
  const openProducts = () => {
    setUsed((u) => ({ ...u, products: true }));
    setProductsOpen(true);
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

      <MachinesSection section={sections[0]!} preview={preview} onOpen={openMachines} preload={preload(loadMachines)} />

      <ProductsSection section={sections[1]!} preview={preview} onOpen={openProducts} preload={preload(loadProducts)} />

      <ServiceSection section={sections[2]!} site={site} texts={texts} onBackToTop={backToTop} />

      <Suspense fallback={null}>
        {used.machines && <MachinesDialog open={machinesOpen} onOpenChange={setMachinesOpen} />}
        {used.products && <ProductsDialog open={productsOpen} onOpenChange={setProductsOpen} />}
      </Suspense>
    </>
  );
}
