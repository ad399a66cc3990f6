// /edit-products: the product selector beside the selected product, its form (add or edit) and the
// deletion dialog. The route module (app/routes/edit-products.tsx) loads and saves through
// queries.server.ts and actions.server.ts.
import { useStaffAction } from "~/lib/use-staff-action";
import { PackageOpen, Plus, X } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { ProductsPageData } from "./queries.server";
import type { Product } from "../../../server/db/schema";
import { AdminPage } from "~/components/admin-page";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { formatNumber } from "~/lib/format";
import { useUnsavedChanges } from "~/lib/use-unsaved-changes";
import { ProductForm } from "./product-form";
import { ProductSelector } from "./product-selector";
import type { ProductActionResult } from "./schema";
import { SelectedProduct } from "./selected-product";
import { typography } from "~/lib/typography";

type Mode = "idle" | "add" | "edit";
const reveal = (element: HTMLElement | null) => {
  if (!element) return;
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "nearest" });
};

export function EditProductsScreen({ loaderData }: { loaderData: ProductsPageData }) {
  const page =
    loaderData.kind === "page"
      ? loaderData
      : { ...loaderData, tags: [], categories: [], total: loaderData.search.total };
  const [selected, setSelected] = useState<Product | null>(null);
  const [mode, setMode] = useState<Mode>("idle");
  const [formKey, setFormKey] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [formDirty, setFormDirty] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const deleter = useFetcher<ProductActionResult>({ key: "product-delete" });
  const revalidator = useRevalidator();

  // Leaving the form with unsaved changes asks first (links, back button, another product, 'Annuler',
  // closing the tab).
  const unsaved = useUnsavedChanges({
    dirty: mode !== "idle" && formDirty,
    description: "Vos modifications de ce produit seront perdues.",
  });

  function openForm(next: Mode) {
    setMode(next);
    setFormKey((k) => k + 1);
    setFormDirty(false);
    requestAnimationFrame(() => {
      reveal(panel.current);
      panel.current?.querySelector<HTMLInputElement>('input[name="nom"]')?.focus({ preventScroll: true });
    });
  }

  function select(product: Product) {
    if (product.id === selected?.id && mode !== "add") return;
    unsaved.confirm(() => {
      setSelected(product);
      setMode("idle");
      requestAnimationFrame(() => reveal(panel.current));
    });
  }

  function toggleAdd() {
    if (mode === "add") unsaved.confirm(() => setMode("idle"));
    else unsaved.confirm(() => openForm("add"));
  }

  const { pending: deleting } = useStaffAction(deleter, (result) => {
    setConfirming(false);
    if (result.ok) {
      if (selected?.id === result.id) setSelected(null);
      setMode("idle");
    } else if (result.missing) {
      // A refused action is not followed by a reload of the page's data: the list is brought up to date.
      void revalidator.revalidate();
      setSelected(null);
      setMode("idle");
    }
  });

  return (
    <AdminPage
      title="Éditer les Produits"
      intro={
        <>
          {typography("Recherchez un produit, puis « Modifier » pour changer ses informations.")}{" "}
          <span className="whitespace-nowrap">
            {formatNumber(page.total)} produit{page.total > 1 ? "s" : ""} au catalogue.
          </span>
        </>
      }
      actions={
        <Button onClick={toggleAdd} variant={mode === "add" ? "outline" : "primary"}>
          {mode === "add" ? <X aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {mode === "add" ? "Annuler l'ajout" : "Ajouter un produit"}
        </Button>
      }
    >
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(18rem,22rem)_1fr] xl:gap-10">
        <aside className="rounded-[var(--radius-card)] border border-ink/8 bg-sand/35 p-4 sm:p-5 lg:sticky lg:top-24">
          <ProductSelector
            initial={loaderData.search}
            initialQuery={loaderData.q}
            total={page.total}
            selectedId={selected?.id ?? null}
            onSelect={select}
          />
        </aside>

        <div ref={panel} className="min-w-0 scroll-mt-24">
          {mode !== "idle" ? (
            <ProductForm
              key={`${mode}-${formKey}`}
              mode={mode}
              product={mode === "edit" ? selected : null}
              tags={page.tags}
              categories={page.categories}
              onDirtyChange={setFormDirty}
              onSaved={(product) => {
                setFormDirty(false);
                setSelected(product);
                setMode("idle");
              }}
              onCancel={() => unsaved.confirm(() => setMode("idle"))}
              onDelete={() => setConfirming(true)}
              onMissing={() => {
                setFormDirty(false);
                setSelected(null);
                setMode("idle");
              }}
            />
          ) : selected ? (
            <SelectedProduct product={selected} onEdit={() => openForm("edit")} onDelete={() => setConfirming(true)} />
          ) : (
            <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-ink/15 px-6 py-16 text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-sand text-brass-ink">
                <PackageOpen className="size-6" aria-hidden="true" />
              </span>
              <h2 className="mt-5 text-2xl font-semibold">Choisissez un produit</h2>
              <p className="mt-2 max-w-sm text-sm text-stone">
                Sélectionnez-le dans la liste pour le voir, le modifier ou le supprimer, ou ajoutez-en un nouveau.
              </p>
              <Button className="mt-6" variant="outline" onClick={() => openForm("add")}>
                <Plus aria-hidden="true" /> Ajouter un produit
              </Button>
            </div>
          )}
        </div>
      </div>

      {unsaved.dialog}
      <ConfirmDialog
        open={confirming && Boolean(selected)}
        onOpenChange={(open) => {
          if (!deleting) setConfirming(open);
        }}
        title="Supprimer ce produit ?"
        description={`« ${selected?.nom ?? ""} » sera définitivement supprimé du catalogue. Cette action est irréversible.`}
        confirmLabel={deleting ? "Suppression…" : "Supprimer définitivement"}
        pending={deleting}
        onConfirm={() => {
          if (!selected) return;
          void deleter.submit({ intent: "delete", id: selected.id }, { method: "post", action: "/edit-products" });
        }}
      />
    </AdminPage>
  );
}
