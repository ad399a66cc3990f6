// The admin inbox: every contact request, newest first, with its delivery state. Submitted text is
// only ever rendered as React text (escaped), never as HTML.
import {
  Check,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  Inbox,
  Loader2,
  Mail,
  Phone,
  RotateCcw,
  Send,
} from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { AdminPage } from "~/components/admin-page";
import { cn } from "~/lib/cn";
import { telHref } from "~/rules/site";
import {
  describeDelivery,
  type InboxActionData,
  type InboxFilter,
  type InboxItem,
  type InboxPageData,
  type Tone,
} from "./inbox";

const FILTER_LABELS: Record<InboxFilter, string> = {
  toutes: "Toutes",
  "a-traiter": "À traiter",
  traitees: "Traitées",
  echecs: "Échecs d'envoi",
};

const EMPTY: Record<InboxFilter, string> = {
  toutes: "Aucune demande reçue pour le moment. Les demandes envoyées par le formulaire du site apparaîtront ici.",
  "a-traiter": "Tout est traité. Bravo !",
  traitees: "Aucune demande n'a encore été marquée comme traitée.",
  echecs: "Aucun échec d'envoi : toutes les demandes sont parties ou en route.",
};

export function InboxView({ items, counts, filter, page, hasMore, webhookConfigured }: InboxPageData) {
  const href = (f: InboxFilter, p = 1) => {
    const params = new URLSearchParams();
    if (f !== "toutes") params.set("filtre", f);
    if (p > 1) params.set("page", String(p));
    const query = params.toString();
    return query ? `?${query}` : ".";
  };

  return (
    <AdminPage
      title="Demandes de contact"
      intro="Les demandes envoyées par le formulaire du site, les plus récentes d'abord."
      actions={
        <p className="text-sm text-stone">
          {counts["a-traiter"] > 0 ? (
            <>
              <strong className="font-semibold text-ink">{counts["a-traiter"]}</strong> à traiter
            </>
          ) : (
            "Rien à traiter"
          )}
        </p>
      }
    >
      {!webhookConfigured && (
        <p className="mb-6 flex gap-3 rounded-xl border border-ink/10 bg-sand/50 px-4 py-3 text-sm text-ink-3">
          <Inbox className="mt-0.5 size-4 shrink-0 text-brass-ink" aria-hidden="true" />
          Le transfert automatique (webhook) n'est pas configuré : les demandes sont conservées ici seulement.
        </p>
      )}

      <nav aria-label="Filtrer les demandes" className="-mx-5 overflow-x-auto px-5 sm:mx-0 sm:px-0">
        <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
          {(Object.keys(FILTER_LABELS) as InboxFilter[]).map((f) => (
            <li key={f}>
              <Link
                to={href(f)}
                aria-current={f === filter ? "page" : undefined}
                className={cn(
                  "inline-flex h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors",
                  f === filter ? "border-ink bg-ink text-ivory" : "border-ink/12 bg-white text-ink hover:border-ink/35",
                )}
              >
                {FILTER_LABELS[f]}
                <span
                  className={cn(
                    "rounded-full px-2 py-0.5 text-xs tabular-nums",
                    f === filter
                      ? "bg-ivory/15 text-ivory"
                      : f === "echecs" && counts.echecs > 0
                        ? "bg-danger/10 text-danger"
                        : "bg-ink/6 text-stone",
                  )}
                >
                  {counts[f]}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {items.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white/60 px-6 py-16 text-center">
          <div className="flex size-14 items-center justify-center rounded-full bg-sand text-brass-ink">
            <Inbox className="size-6" aria-hidden="true" />
          </div>
          <p className="mt-4 max-w-md text-stone">{EMPTY[filter]}</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-5" aria-label="Demandes">
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
            <Link to={href(filter, page - 1)} className={pagerClass}>
              <ChevronLeft className="size-4" aria-hidden="true" /> Plus récentes
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-stone">Page {page}</span>
          {hasMore ? (
            <Link to={href(filter, page + 1)} className={pagerClass}>
              Plus anciennes <ChevronRight className="size-4" aria-hidden="true" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </AdminPage>
  );
}

const pagerClass =
  "inline-flex h-11 items-center gap-1.5 rounded-full border border-ink/15 bg-white px-4 text-sm font-medium hover:border-ink/40";

const TONES: Record<Tone, string> = {
  success: "bg-success/10 text-success ring-success/20",
  waiting: "bg-brass-light/30 text-brass-ink ring-brass/25",
  danger: "bg-danger/10 text-danger ring-danger/20",
  neutral: "bg-ink/5 text-ink-3 ring-ink/10",
};

function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset",
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

function RequestCard({ item, webhookConfigured }: { item: InboxItem; webhookConfigured: boolean }) {
  const fetcher = useFetcher<InboxActionData>();
  const busy = fetcher.state !== "idle";
  const pendingIntent = busy ? fetcher.formData?.get("intent") : null;
  const delivery = describeDelivery(item.delivery, webhookConfigured);
  const handled = Boolean(item.handledAt);
  const headingId = `demande-${item.id}`;

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error("Erreur", { description: answer.message });
  }, [fetcher.data]);

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "rounded-[var(--radius-card)] border p-5 shadow-[var(--shadow-card)] sm:p-7",
        handled ? "border-ink/6 bg-white/65" : "border-ink/8 bg-white",
        item.delivery.status === "failed" && "border-danger/30",
      )}
    >
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-semibold break-words sm:text-2xl">
            {item.nom_complet}
          </h2>
          <p className="mt-1 text-sm text-stone">
            Reçue le <time dateTime={item.receivedIso}>{item.receivedAt}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <Badge tone={delivery.tone}>
            <span className="sr-only">Envoi : </span>
            {delivery.label}
          </Badge>
          <Badge tone={handled ? "success" : "waiting"}>
            {handled ? <Check className="size-3.5" aria-hidden="true" /> : null}
            {handled ? "Traitée" : "À traiter"}
          </Badge>
        </div>
      </header>

      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">
          <h3 className="font-sans text-xs font-semibold tracking-[0.14em] text-stone uppercase">Demande</h3>
          <p className="mt-2 leading-relaxed break-words whitespace-pre-wrap text-ink">{item.description_demande}</p>
        </div>

        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2.5 self-start rounded-xl bg-ivory/70 p-4 text-sm">
          <Detail term="Courriel">
            <a
              href={`mailto:${item.courriel}`}
              className="inline-flex items-center gap-1.5 font-medium [overflow-wrap:anywhere] text-ink underline decoration-brass/50 underline-offset-4 hover:decoration-ink"
            >
              <Mail className="size-3.5 shrink-0 text-brass-ink" aria-hidden="true" />
              {item.courriel}
            </a>
          </Detail>
          <Detail term="Téléphone">
            {item.numero_telephone ? (
              <a
                href={telHref(item.numero_telephone)}
                className="inline-flex items-center gap-1.5 font-medium text-ink underline decoration-brass/50 underline-offset-4 hover:decoration-ink"
              >
                <Phone className="size-3.5 shrink-0 text-brass-ink" aria-hidden="true" />
                {item.numero_telephone}
              </a>
            ) : (
              <span className="text-stone">Non fourni</span>
            )}
          </Detail>
          <Detail term="Préfère">
            {item.prefere_telephone ? "Être appelé par téléphone" : "Une réponse par courriel"}
          </Detail>
          <Detail term="Emplacement">{item.type_emplacement ?? <Unspecified />}</Detail>
          <Detail term="Région">{item.emplacement ?? <Unspecified />}</Detail>
          <Detail term="Délai">{item.date_installation ?? <Unspecified />}</Detail>
        </dl>
      </div>

      <footer className="mt-6 flex flex-col gap-4 border-t border-ink/8 pt-5 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0 text-sm text-stone">
          <p>{delivery.detail}</p>
          {item.delivery.lastError && item.delivery.status !== "delivered" && (
            <p className="mt-1.5 flex gap-1.5 break-words text-danger">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{`Dernière erreur : ${item.delivery.lastError}`}</span>
            </p>
          )}
          {handled && <p className="mt-1.5">{`Traitée le ${item.handledAt}.`}</p>}
        </div>
        <fetcher.Form method="post" className="flex flex-col gap-2 sm:flex-row sm:flex-wrap md:justify-end">
          <input type="hidden" name="id" value={item.id} />
          {item.delivery.status === "failed" && (
            <button type="submit" name="intent" value="renvoyer" disabled={busy} className={actionClass("brass")}>
              {pendingIntent === "renvoyer" ? <Spinner /> : <Send className="size-4" aria-hidden="true" />}
              Renvoyer
            </button>
          )}
          {handled ? (
            <button type="submit" name="intent" value="a-traiter" disabled={busy} className={actionClass("outline")}>
              {pendingIntent === "a-traiter" ? <Spinner /> : <RotateCcw className="size-4" aria-hidden="true" />}
              Remettre à traiter
            </button>
          ) : (
            <button type="submit" name="intent" value="traiter" disabled={busy} className={actionClass("primary")}>
              {pendingIntent === "traiter" ? <Spinner /> : <Check className="size-4" aria-hidden="true" />}
              Marquer comme traitée
            </button>
          )}
        </fetcher.Form>
      </footer>
    </article>
  );
}

function actionClass(variant: "primary" | "outline" | "brass") {
  return cn(
    "inline-flex h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-medium whitespace-nowrap transition-colors",
    "disabled:cursor-wait disabled:opacity-60",
    variant === "primary" && "bg-ink text-ivory hover:bg-ink-3",
    variant === "outline" && "border border-ink/15 bg-white text-ink hover:border-ink/40",
    variant === "brass" && "bg-brass text-ink hover:bg-brass-light",
  );
}

function Spinner() {
  return <Loader2 className="size-4 animate-spin" aria-hidden="true" />;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-stone">{term}</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </>
  );
}

function Unspecified() {
  return <span className="text-stone">Non précisé</span>;
}
