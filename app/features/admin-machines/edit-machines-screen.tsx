// /edit-machines: three tabs (Machines, Étapes, Catégories) kept in the URL (?onglet=), and the machine
// form opened with ?machine=<id> or ?machine=nouvelle, so reload and the back button keep the place.
import { Boxes, FolderOpen, ListOrdered } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { CategoriesPanel } from "./categories-panel";
import type { CategoryRow } from "./category-dialog";
import type { EditableMachine } from "./form-state";
import { MachineForm } from "./machine-form";
import { MachinesPanel } from "./machines-panel";
import { StepsPanel } from "./steps-panel";
import type { StoredStep } from "./steps";

export type EditMachinesData = {
  machines: (EditableMachine & { created_at: Date | string })[];
  categories: (CategoryRow & { created_at: Date | string })[];
  steps: (StoredStep & { created_at: Date | string })[];
};

const TABS = [
  { id: "machines", label: "Machines", icon: Boxes },
  { id: "etapes", label: "Étapes", icon: ListOrdered },
  { id: "categories", label: "Catégories", icon: FolderOpen },
] as const;
type Tab = (typeof TABS)[number]["id"];

const NEW_MACHINE = "nouvelle";

export function EditMachinesScreen({ machines, categories, steps }: EditMachinesData) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab: Tab = TABS.some((t) => t.id === params.get("onglet")) ? (params.get("onglet") as Tab) : "machines";
  const selected = tab === "machines" ? params.get("machine") : null;
  const machine = selected && selected !== NEW_MACHINE ? machines.find((m) => m.id === selected) : undefined;
  const counts: Record<Tab, number> = {
    machines: machines.length,
    etapes: steps.length,
    categories: categories.length,
  };

  return (
    <AdminPage
      title="Éditer les Machines"
      intro="Vos machines, leurs étapes de fonctionnement et leurs catégories. Ce que vous enregistrez paraît aussitôt sur le site."
    >
      <nav aria-label="Sections de l'édition des machines" className="mb-8">
        <ul className="inline-flex w-full gap-1 overflow-x-auto rounded-full border border-ink/10 bg-white p-1 shadow-sm sm:w-auto">
          {TABS.map(({ id, label, icon: Icon }) => {
            const active = id === tab;
            return (
              <li key={id} className="flex-1 sm:flex-none">
                <Link
                  to={id === "machines" ? "/edit-machines" : `/edit-machines?onglet=${id}`}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex items-center justify-center gap-1.5 rounded-full px-2.5 py-2.5 text-sm font-medium whitespace-nowrap transition-colors sm:gap-2 sm:px-5",
                    active ? "bg-ink text-ivory shadow-sm" : "text-ink/75 hover:bg-ink/5 hover:text-ink",
                  )}
                >
                  <Icon className="hidden size-4 sm:block" aria-hidden="true" />
                  {label}
                  <span className={cn("rounded-full px-1.5 text-xs tabular-nums", active ? "bg-ivory/15" : "bg-sand")}>
                    {counts[id]}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {tab === "machines" &&
        (selected ? (
          machine || selected === NEW_MACHINE ? (
            <MachineForm
              key={selected}
              machine={machine ?? null}
              categories={categories}
              library={steps}
              machines={machines}
              onClose={() => void navigate("/edit-machines")}
            />
          ) : (
            <div className="rounded-[var(--radius-card)] border border-dashed border-ink/15 px-6 py-16 text-center">
              <p className="font-display text-2xl">Machine non trouvée</p>
              <p className="mt-2 text-sm text-stone">Elle a peut-être été supprimée.</p>
              <Link to="/edit-machines" className={buttonClass("primary", "md") + " mt-6"}>
                Retour aux machines
              </Link>
            </div>
          )
        ) : (
          <MachinesPanel
            machines={machines}
            categories={categories}
            editHref={(id) => `/edit-machines?machine=${id}`}
            newHref={`/edit-machines?machine=${NEW_MACHINE}`}
          />
        ))}
      {tab === "etapes" && <StepsPanel steps={steps} machines={machines} />}
      {tab === "categories" && <CategoriesPanel categories={categories} machines={machines} />}
    </AdminPage>
  );
}
