import { ArrowRight, ChevronDown, LayoutGrid, Search, SearchX } from "lucide-react";
import { useId, useMemo, useRef } from "react";
import { Form, Link, useSearchParams } from "react-router";
import type { CustomiserMachineCard } from "./queries.server";
import { Img } from "~/components/img";
import { Button } from "~/components/ui/button";
import { filterMachines, gridLabel } from "./filters";

type Props = {
  machines: CustomiserMachineCard[];
  categories: { id: string; nom: string }[];
  q: string;
  categorie: string;
  onChange: (patch: { q?: string; categorie?: string }) => void;
};

const fieldClass =
  "h-12 w-full rounded-full border border-ink/15 bg-white text-[0.95rem] text-ink outline-none transition-colors focus:border-ink/40 focus:ring-2 focus:ring-brass/40";

/** /creer-machine: search by name, filter by category, one card per machine. */
export function MachineChooser({ machines, categories, q, categorie, onChange }: Props) {
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const categoryId = useId();
  const shown = useMemo(() => filterMachines(machines, { q, categorie }), [machines, q, categorie]);
  const categoryName = useMemo(() => new Map(categories.map((c) => [c.id, c.nom])), [categories]);
  // Opened from a request's 'Préparer une proposition': the machine's page keeps the request.
  const demande = useSearchParams()[0].get("demande");
  const machineQuery = demande ? `?${new URLSearchParams({ demande }).toString()}` : "";

  return (
    <section className="container-page pt-10 pb-20 sm:pt-14">
      <div className="max-w-2xl">
        <p className="eyebrow">Personnalisation</p>
        <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">Créer ma machine</h1>
        <p className="mt-4 text-lg text-stone">
          Choisissez une machine, puis disposez les produits sur sa façade avec votre client.
        </p>
      </div>

      {/* A plain GET form: it filters before JavaScript loads too. */}
      <Form
        method="get"
        role="search"
        aria-label="Filtrer les machines"
        className="mt-10 flex flex-col gap-3 rounded-[var(--radius-card)] border border-ink/8 bg-white/70 p-3 shadow-[var(--shadow-card)] sm:flex-row sm:items-center"
        onSubmit={(event) => event.preventDefault()}
      >
        {demande && <input type="hidden" name="demande" value={demande} />}
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            Rechercher une machine par nom
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-stone"
            aria-hidden="true"
          />
          <input
            ref={searchRef}
            id={searchId}
            name="q"
            type="search"
            placeholder="Rechercher une machine…"
            autoComplete="off"
            maxLength={100}
            defaultValue={q}
            onChange={(event) => onChange({ q: event.currentTarget.value })}
            className={`${fieldClass} pr-4 pl-11`}
          />
        </div>
        <div className="sm:w-72">
          <label htmlFor={categoryId} className="sr-only">
            Catégorie
          </label>
          <div className="relative">
            <select
              id={categoryId}
              name="categorie"
              value={categorie}
              onChange={(event) => onChange({ categorie: event.currentTarget.value })}
              className={`${fieldClass} appearance-none pr-11 pl-4`}
            >
              <option value="">Toutes les catégories</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nom}
                </option>
              ))}
            </select>
            <ChevronDown
              className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 text-stone"
              aria-hidden="true"
            />
          </div>
        </div>
        <noscript>
          <Button type="submit" className="w-full sm:w-auto">
            Filtrer
          </Button>
        </noscript>
      </Form>

      <p className="mt-6 text-sm text-stone" aria-live="polite">
        {shown.length} machine{shown.length > 1 ? "s" : ""}
      </p>

      {shown.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white/50 px-6 py-16 text-center">
          <SearchX className="size-10 text-stone" aria-hidden="true" />
          <p className="mt-4 max-w-md text-lg font-medium">Aucune machine trouvée avec les critères sélectionnés</p>
          {(q || categorie) && (
            <Button
              variant="outline"
              className="mt-6"
              onClick={() => {
                onChange({ q: "", categorie: "" });
                if (searchRef.current) searchRef.current.value = "";
              }}
            >
              Effacer les filtres
            </Button>
          )}
        </div>
      ) : (
        <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {shown.map((machine, index) => (
            <li key={machine.id}>
              <Link
                to={`/creer-machine/${machine.id}${machineQuery}`}
                className="group flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-ink/8 bg-white shadow-[var(--shadow-card)] transition-transform duration-300 ease-[var(--ease-out-soft)] hover:-translate-y-1 focus-visible:-translate-y-1"
              >
                <div className="relative aspect-[4/5] bg-gradient-to-b from-sand/60 to-ivory">
                  <Img
                    src={machine.image}
                    alt={machine.imageAlt ?? ""}
                    width={640}
                    height={800}
                    sizes="(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                    maxWidth={480}
                    priority={index < 2}
                    className="absolute inset-0 size-full object-cover transition-transform duration-500 ease-[var(--ease-out-soft)] group-hover:scale-[1.03]"
                  />
                  {machine.categorie_id && categoryName.get(machine.categorie_id) && (
                    <span className="absolute top-4 left-4 rounded-full bg-ivory/90 px-3 py-1 text-xs font-medium text-ink shadow-sm backdrop-blur">
                      {categoryName.get(machine.categorie_id)}
                    </span>
                  )}
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <h2 className="text-xl font-semibold">{machine.nom}</h2>
                  <p className="mt-2 flex items-center gap-2 text-sm text-stone">
                    <LayoutGrid className="size-4 shrink-0 text-brass-ink" aria-hidden="true" />
                    {gridLabel(machine)}
                  </p>
                  <span className="mt-auto inline-flex items-center gap-1.5 pt-5 text-sm font-semibold text-ink">
                    Personnaliser
                    <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
