// The staff inbox: the requests of a folder (every one, a pipeline stage, the spam kept apart, the
// failed sends), newest first, with a search and a CSV export of what is shown, and at the end erasing
// a person by address (Law 25). Each card opens the request's own page. Submitted text is only ever
// rendered as React text (escaped), never as HTML.
import {
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  Download,
  Inbox,
  Mail,
  Phone,
  Search,
  ShieldAlert,
  UserCheck,
} from "lucide-react";
import { Form, Link } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { CHIP_ROW, chipClass } from "~/components/chips";
import { cn } from "~/lib/cn";
import { ErasePersonCard } from "./erase-person";
import { describeDelivery, type InboxPageData } from "./inbox";
import { Badge, MachineLine, STAGE_TONES } from "./inbox-parts";
import { FOLDER_LABELS, INBOX_FOLDERS, type InboxFolder } from "./folders";
import { inboxQueryString } from "./inbox-search";
import { stageLabel } from "./stages";
import { typography } from "~/lib/typography";
import { useStaffUser } from "~/lib/site-data";

const EMPTY: Record<InboxFolder, string> = {
  toutes: "Aucune demande reçue pour le moment. Les demandes envoyées par le formulaire du site apparaîtront ici.",
  miennes: "Aucune demande ne vous est confiée. Sur la page d'une demande, « Responsable » la confie à une personne.",
  "non-assignees": "Chaque demande a une personne responsable.",
  nouvelle: "Aucune nouvelle demande : tout a été pris en main. Bravo !",
  "en-cours": "Aucune demande en cours.",
  "proposition-envoyee": "Aucune proposition en attente de réponse.",
  gagnee: "Aucune demande gagnée pour le moment.",
  perdue: "Aucune demande perdue.",
  indesirables: "Aucun indésirable : les demandes retenues par les filtres anti-pourriel apparaîtront ici.",
  echecs: "Aucun échec d'envoi : toutes les demandes et tous les courriels sont partis ou en route.",
};

export function InboxView(props: InboxPageData) {
  const { items, counts, folder, search, page, hasMore, webhookConfigured, emailConfigured, failedEmails } = props;
  const isOwner = useStaffUser()?.roles.includes("proprietaire") ?? false;
  const href = (f: InboxFolder, p = 1) => inboxQueryString({ folder: f, search, page: p }) || ".";
  const exportHref = `/edit-demandes/export.csv${inboxQueryString({ folder, search })}`;

  return (
    <AdminPage
      title="Demandes de contact"
      intro="Les demandes envoyées par le formulaire du site, les plus récentes d'abord."
      actions={
        <a href={exportHref} download className={exportClass}>
          <Download className="size-4" aria-hidden="true" /> Exporter en CSV
        </a>
      }
    >
      <InboxNotices
        emailConfigured={emailConfigured}
        failedEmails={failedEmails}
        webhookConfigured={webhookConfigured}
      />
      <InboxSearch folder={folder} search={search} />
      <FolderNav folder={folder} counts={counts} href={href} />

      {search && (
        <p className="mt-5 text-sm text-stone" role="status">
          {`${counts[folder]} résultat${counts[folder] > 1 ? "s" : ""} pour « ${search} ». `}
          <Link to={inboxQueryString({ folder }) || "."} className="font-medium text-ink underline underline-offset-4">
            Effacer la recherche
          </Link>
        </p>
      )}

      {items.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white/60 px-6 py-16 text-center">
          <div className="flex size-14 items-center justify-center rounded-full bg-sand text-brass-ink">
            <Inbox className="size-6" aria-hidden="true" />
          </div>
          <p className="mt-4 max-w-md text-stone">
            {search ? "Aucune demande ne correspond à cette recherche." : EMPTY[folder]}
          </p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4" aria-label="Demandes">
          {items.map((item) => (
            <li key={item.id}>
              <RequestCard item={item} webhookConfigured={webhookConfigured} />
            </li>
          ))}
        </ul>
      )}

      {(page > 1 || hasMore) && (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-4">
          {page > 1 ? (
            <Link to={href(folder, page - 1)} className={pagerClass}>
              <ChevronLeft className="size-4" aria-hidden="true" /> Plus récentes
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-stone">Page {page}</span>
          {hasMore ? (
            <Link to={href(folder, page + 1)} className={pagerClass}>
              Plus anciennes <ChevronRight className="size-4" aria-hidden="true" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}

      {isOwner && <ErasePersonCard />}
    </AdminPage>
  );
}

/** What keeps the inbox from working fully: no email, failed emails, no tracking tool. */
function InboxNotices({
  emailConfigured,
  failedEmails,
  webhookConfigured,
}: Pick<InboxPageData, "emailConfigured" | "failedEmails" | "webhookConfigured">) {
  return (
    <div className="mb-6 grid gap-3">
      {!emailConfigured && (
        <Notice>
          {typography(
            "L'envoi de courriels n'est pas configuré (SMTP_URL) : l'équipe n'est pas avertie des nouvelles demandes et les clients ne reçoivent pas de confirmation.",
          )}
        </Notice>
      )}
      {failedEmails > 0 && (
        <Notice danger>
          {typography(
            `${failedEmails === 1 ? "1 courriel n'a pas pu partir" : `${failedEmails} courriels n'ont pas pu partir`} : ouvrez le dossier « Échecs d'envoi » pour les renvoyer.`,
          )}
        </Notice>
      )}
      {!webhookConfigured && (
        <Notice>
          {typography(
            "Aucun outil de suivi n'est relié au site : les demandes sont conservées ici, et vous les traitez depuis cette boîte.",
          )}
        </Notice>
      )}
    </div>
  );
}

function InboxSearch({ folder, search }: Pick<InboxPageData, "folder" | "search">) {
  return (
    <Form method="get" role="search" className="mb-5 flex gap-2" aria-label="Rechercher une demande">
      {folder !== "toutes" && <input type="hidden" name="dossier" value={folder} />}
      <label htmlFor="recherche-demandes" className="sr-only">
        Rechercher par nom, courriel, téléphone ou texte
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-stone"
          aria-hidden="true"
        />
        <input
          id="recherche-demandes"
          type="search"
          name="q"
          defaultValue={search}
          key={search}
          maxLength={100}
          placeholder="Nom, courriel, tél."
          className="h-11 w-full rounded-full border border-ink/15 bg-white pr-4 pl-10 text-base focus:border-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-brass/50"
        />
      </div>
      {/* On a phone the button is its icon, so the field keeps room for its whole placeholder. */}
      <button
        type="submit"
        aria-label="Rechercher"
        className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-full bg-ink px-4 text-sm font-medium text-ivory sm:px-5"
      >
        <Search className="size-4 sm:hidden" aria-hidden="true" />
        <span className="max-sm:sr-only">Rechercher</span>
      </button>
    </Form>
  );
}

/** The folders with their counts; the open one is the current page. */
function FolderNav({
  folder,
  counts,
  href,
}: Pick<InboxPageData, "folder" | "counts"> & { href: (folder: InboxFolder) => string }) {
  return (
    <nav aria-label="Dossiers">
      <ul className={CHIP_ROW}>
        {INBOX_FOLDERS.map((f) => (
          <li key={f}>
            <Link to={href(f)} aria-current={f === folder ? "page" : undefined} className={chipClass(f === folder)}>
              {FOLDER_LABELS[f]}
              <span
                className={cn(
                  "rounded-full px-2 py-0.5 text-xs tabular-nums",
                  f === folder
                    ? "bg-ivory/15 text-ivory"
                    : f === "echecs" && counts.echecs > 0
                      ? "bg-danger/10 text-danger"
                      : "bg-ink/6 text-stone",
                )}
              >
                <span className="sr-only">(</span>
                {counts[f]}
                <span className="sr-only">{counts[f] > 1 ? " demandes)" : " demande)"}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const pagerClass =
  "inline-flex h-11 items-center gap-1.5 rounded-full border border-ink/15 bg-white px-4 text-sm font-medium hover:border-ink/40";
const exportClass =
  "inline-flex h-11 items-center gap-2 rounded-full border border-ink/15 bg-white px-4 text-sm font-medium hover:border-ink/40";

function Notice({ children, danger = false }: { children: React.ReactNode; danger?: boolean }) {
  return (
    <p
      className={cn(
        "flex gap-3 rounded-xl border px-4 py-3 text-sm",
        danger ? "border-danger/25 bg-danger/[0.06] text-danger" : "border-ink/10 bg-sand/50 text-ink-3",
      )}
    >
      {danger ? (
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <Inbox className="mt-0.5 size-4 shrink-0 text-brass-ink" aria-hidden="true" />
      )}
      <span>{children}</span>
    </p>
  );
}

function RequestCard({
  item,
  webhookConfigured,
}: {
  item: InboxPageData["items"][number];
  webhookConfigured: boolean;
}) {
  const delivery = describeDelivery(item.delivery, webhookConfigured);
  const headingId = `demande-${item.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "relative rounded-[var(--radius-card)] border bg-white p-5 shadow-[var(--shadow-card)] transition-colors focus-within:border-ink/40 hover:border-ink/25 sm:p-6",
        item.delivery.status === "failed" ? "border-danger/30" : "border-ink/8",
      )}
    >
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-semibold break-words">
            {/* The whole card opens the request (the link's area covers it). */}
            <Link to={`/edit-demandes/${item.id}`} className="after:absolute after:inset-0 focus:outline-none">
              {item.nom_complet}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-stone">
            Reçue le <time dateTime={item.receivedIso}>{item.receivedAt}</time>
            {item.type_emplacement ? ` · ${item.type_emplacement}` : ""}
            {item.emplacement ? ` · ${item.emplacement}` : ""}
          </p>
          {item.assignee && (
            <p className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-ink-3">
              <UserCheck className="size-3.5 shrink-0 text-brass-ink" aria-hidden="true" />
              <span className="sr-only">{"Responsable\u00a0: "}</span>
              {item.assignee}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {item.spam ? (
            <Badge tone="danger">
              <ShieldAlert className="size-3.5" aria-hidden="true" /> Indésirable
            </Badge>
          ) : (
            <Badge tone={STAGE_TONES[item.stage]}>
              <span className="sr-only">{"Statut\u00a0: "}</span>
              {stageLabel(item.stage)}
            </Badge>
          )}
          {item.delivery.status === "failed" && (
            <Badge tone={delivery.tone}>
              <span className="sr-only">{"Transfert à l'outil de suivi\u00a0: "}</span>
              {delivery.label}
            </Badge>
          )}
        </div>
      </header>
      {item.spam && <p className="mt-3 text-sm text-danger">{`Retenue : ${item.spam.reason}`}</p>}
      {item.machine && <MachineLine name={item.machine} className="mt-3" />}
      <p className="mt-3 line-clamp-3 leading-relaxed break-words whitespace-pre-wrap text-ink-3">
        {item.description_demande}
      </p>
      <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone">
        <span className="inline-flex min-w-0 items-center gap-1.5 [overflow-wrap:anywhere]">
          <Mail className="size-3.5 shrink-0 text-brass-ink" aria-hidden="true" />
          {item.courriel}
        </span>
        {item.numero_telephone && (
          <span className="inline-flex items-center gap-1.5">
            <Phone className="size-3.5 shrink-0 text-brass-ink" aria-hidden="true" />
            {item.numero_telephone}
          </span>
        )}
      </p>
    </article>
  );
}
