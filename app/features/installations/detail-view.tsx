// One installation (/edit-installations/{id}): its client, where, whom to call, the machine and its
// public code, its status with the moves its rules allow, its layout as installed (read-only, drawn as
// a proposal's), the products its users suggested and the swaps planned (swaps-view.tsx), its history
// with dates and the tickets received for it.
import { CalendarClock, Mail, MapPin, PencilRuler, Phone, Printer, UserRound } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { Img } from "~/components/img";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/field";
import { LayoutPreview, type PreviewProduct } from "~/features/customiser/layout-preview";
import { sectionProducts, type ProposalItem } from "~/features/proposals/rules";
import { cn } from "~/lib/cn";
import { isoLocal } from "~/lib/dates";
import { formatPrice } from "~/lib/format";
import { typography } from "~/lib/typography";
import { useStaffAction } from "~/lib/use-staff-action";
import { telHref } from "~/rules/site";
import { installationLabelPath } from "./label-paths";
import { ReplanForm } from "./replan-form";
import { STATUS_TONES } from "./list-view";
import type { InstallationStatus } from "./model";
import type { InstallationResult } from "./staff-schema";
import type { installationPageData } from "./staff-queries.server";
import { SwapPlanner } from "./swap-planner";
import { PlannedSwaps, Suggestions } from "./swaps-view";

type PageData = NonNullable<Awaited<ReturnType<typeof installationPageData>>>;

const card = "rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] sm:p-5";

export function InstallationView({ installation: i, next, history, tickets, suggestions, swaps }: PageData) {
  const items: ProposalItem[] = i.slots.map((s) => ({
    section: s.section,
    slot: s.slot,
    name: s.product_name,
    price: s.product_price,
    image: s.product_image,
  }));
  return (
    <AdminPage
      title={i.client_name}
      intro={`${i.machine_name} · ${i.code}`}
      back={{ to: "/edit-installations", label: "Retour au parc installé" }}
      actions={
        // A file, not a screen: a plain link the browser opens as a PDF.
        <a href={installationLabelPath(i.id)} className={buttonClass("outline", "md")}>
          <Printer aria-hidden="true" /> Étiquette à imprimer
        </a>
      }
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,420px)]">
        <div className="flex min-w-0 flex-col gap-6">
          <StatusCard status={i.status} label={i.statusLabel} id={i.id} next={next} />
          <Facts installation={i} />
          {i.status === "a-installer" && (
            <ReplanForm key={String(i.planned_for)} id={i.id} plannedFor={i.planned_for} email={i.contact_email} />
          )}
          <Suggestions suggestions={suggestions} canSwap={swaps.canSwap} />
          <SwapPlanner installationId={i.id} swaps={swaps} />
          <PlannedSwaps installationId={i.id} planned={swaps.planned} />
          <History history={history} />
          <Tickets tickets={tickets} />
        </div>
        <Layout installation={i} items={items} />
      </div>
    </AdminPage>
  );
}

function StatusCard({
  id,
  status,
  label,
  next,
}: {
  id: string;
  status: InstallationStatus;
  label: string;
  next: { value: InstallationStatus; label: string }[];
}) {
  const fetcher = useFetcher<InstallationResult>();
  const { pending, fieldErrors } = useStaffAction(fetcher);
  const installs = next.some((to) => to.value === "installee");
  // Taking a machine away closes its public page: asked twice (without JavaScript, sent at once).
  const [confirmRetire, setConfirmRetire] = useState(false);
  const retire = () => {
    setConfirmRetire(false);
    void fetcher.submit({ intent: "changer-statut", id, to: "retiree" }, { method: "post" });
  };
  return (
    <section aria-labelledby="statut" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="statut" className="text-lg font-semibold">
          Statut
        </h2>
        <span
          className={cn("rounded-full px-3 py-1 text-sm font-medium", STATUS_TONES[status])}
          data-testid="installation-status"
        >
          {label}
        </span>
      </div>
      {next.length > 0 && (
        <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="changer-statut" />
          <input type="hidden" name="id" value={id} />
          {installs && (
            <Field
              label="Installée le"
              hint="Aujourd'hui, ou le jour où elle l'a été."
              error={fieldErrors.le}
              className="w-full"
            >
              {(props) => (
                <Input
                  type="date"
                  name="le"
                  defaultValue={isoLocal(new Date()).day}
                  max={isoLocal(new Date()).day}
                  className="max-w-48"
                  {...props}
                />
              )}
            </Field>
          )}
          {next.map((to) => (
            <Button
              key={to.value}
              type="submit"
              name="to"
              value={to.value}
              variant={to.value === "retiree" ? "dangerOutline" : to.value === "installee" ? "primary" : "outline"}
              disabled={pending}
              onClick={
                to.value === "retiree"
                  ? (event) => {
                      event.preventDefault();
                      setConfirmRetire(true);
                    }
                  : undefined
              }
            >
              {to.value === "installee"
                ? "Marquer installée"
                : to.value === "retiree"
                  ? "Marquer retirée"
                  : status === "installee"
                    ? "Remettre à installer"
                    : "Planifier de nouveau"}
            </Button>
          ))}
        </fetcher.Form>
      )}
      <ConfirmDialog
        open={confirmRetire}
        onOpenChange={setConfirmRetire}
        title="Marquer cette machine retirée ?"
        description={typography(
          "Sa page publique et son code QR cesseront de fonctionner : les personnes qui le scannent verront notre numéro de téléphone.",
        )}
        confirmLabel="Marquer retirée"
        onConfirm={retire}
        pending={pending}
      />
    </section>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-w-0 pl-7">
      <dt className="text-sm text-stone">
        <span className="absolute top-0.5 left-0">{icon}</span>
        {label}
      </dt>
      <dd className="break-words text-ink">{children}</dd>
    </div>
  );
}

function Facts({ installation: i }: { installation: PageData["installation"] }) {
  return (
    <section aria-labelledby="client" className={card}>
      <h2 id="client" className="text-lg font-semibold">
        Client et visite
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Fact icon={<MapPin className="size-4" aria-hidden="true" />} label="Adresse">
          {i.address}
        </Fact>
        {i.status === "a-installer" || !i.statusWhen ? (
          <Fact icon={<CalendarClock className="size-4" aria-hidden="true" />} label="Installation prévue">
            {i.plannedWhen ? typography(i.plannedWhen) : "Date à fixer"}
          </Fact>
        ) : (
          <Fact
            icon={<CalendarClock className="size-4" aria-hidden="true" />}
            label={i.status === "installee" ? "Installée le" : "Retirée le"}
          >
            {typography(i.statusWhen)}
          </Fact>
        )}
        <Fact icon={<UserRound className="size-4" aria-hidden="true" />} label="Personne à joindre">
          {i.contact_name}
        </Fact>
        <Fact icon={<Phone className="size-4" aria-hidden="true" />} label="Téléphone">
          {i.contact_phone ? (
            <a href={telHref(i.contact_phone)} className="underline decoration-brass/50 underline-offset-4">
              {typography(i.contact_phone)}
            </a>
          ) : (
            "Non précisé"
          )}
        </Fact>
        <Fact icon={<Mail className="size-4" aria-hidden="true" />} label="Courriel">
          {i.contact_email ? (
            <a
              href={`mailto:${i.contact_email}`}
              className="[overflow-wrap:anywhere] underline decoration-brass/50 underline-offset-4"
            >
              {i.contact_email}
            </a>
          ) : (
            "Non précisé"
          )}
          {i.report_opt_out && (
            <span className="block text-sm text-stone">{typography("Rapport mensuel : désabonné")}</span>
          )}
        </Fact>
      </dl>
    </section>
  );
}

function History({ history }: { history: PageData["history"] }) {
  return (
    <section aria-labelledby="historique" className={card}>
      <h2 id="historique" className="text-lg font-semibold">
        Historique
      </h2>
      <ol className="mt-3 grid gap-3" data-testid="installation-history">
        {history.map((h) => (
          <li key={h.id} className="border-l-2 border-brass/40 pl-3">
            <p className="text-ink">{typography(h.text)}</p>
            <p className="text-sm text-stone">
              <time dateTime={h.at}>{typography(h.when)}</time>
              {h.account && ` · ${h.account}`}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Tickets({ tickets }: { tickets: PageData["tickets"] }) {
  return (
    <section aria-labelledby="signalements" className={card}>
      <h2 id="signalements" className="text-lg font-semibold">
        Signalements
      </h2>
      {tickets.length === 0 ? (
        <p className="mt-2 text-stone">{typography("Aucun problème ni remboursement signalé pour cette machine.")}</p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {tickets.map((t) => (
            <li key={t.id} className="flex flex-wrap justify-between gap-2 text-sm">
              <Link to={`/edit-service/${t.id}`} className="underline decoration-brass/50 underline-offset-4">
                <span className="font-mono whitespace-nowrap">{t.code}</span> · {t.kind}
              </Link>
              <span className="text-stone">
                {t.statusLabel} · {typography(t.received)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Layout({ installation: i, items }: { installation: PageData["installation"]; items: ProposalItem[] }) {
  const products: Record<string, PreviewProduct> = {};
  for (const item of items) products[`${item.section}:${item.slot}`] = item;
  return (
    <section aria-labelledby="disposition" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="disposition" className="text-lg font-semibold">
          Disposition
        </h2>
        {i.machine_id && (
          <Link to={`/creer-machine/${i.machine_id}?installation=${i.id}`} className={buttonClass("outline", "sm")}>
            <PencilRuler aria-hidden="true" />
            Modifier la disposition
          </Link>
        )}
      </div>
      {i.sections.length === 0 ? (
        <p className="text-stone">Aucune section pour cette machine.</p>
      ) : (
        <LayoutPreview
          machineName={i.machine_name}
          chassis={i.machine_image}
          sections={i.sections}
          products={products}
        />
      )}
      {i.sections.map((_, index) => {
        const list = sectionProducts(items, index);
        return (
          <div key={index}>
            <h3 className="font-semibold">Section {index + 1}</h3>
            {list.length === 0 ? (
              <p className="text-sm text-stone">Aucun produit dans cette section.</p>
            ) : (
              <ul className="mt-2 grid gap-2">
                {list.map((p) => (
                  <li key={p.name} className="flex items-center gap-3 rounded-xl bg-white p-2 ring-1 ring-ink/8">
                    <Img
                      src={p.image}
                      alt=""
                      width={160}
                      height={160}
                      sizes="40px"
                      maxWidth={80}
                      className="size-10 shrink-0 object-contain"
                    />
                    <span className="min-w-0 text-sm">
                      <span className="block font-medium text-ink">{p.name}</span>
                      <span className="block text-stone">
                        {/* The slots by number, as a swap names them. */}
                        {formatPrice(p.price)} · emplacement{p.count > 1 ? "s" : ""}{" "}
                        {items
                          .filter((item) => item.section === index && item.name === p.name)
                          .map((item) => item.slot + 1)
                          .join(", ")}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}
