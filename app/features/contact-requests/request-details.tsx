// The request itself on its page: what the prospect wrote, how to reach them, its forwarding to the
// tracking tool, and what is done to the request as a whole: releasing it from the spam, erasing it.
// Submitted text is only ever rendered as React text (escaped).
import { CircleAlert, Mail, Phone, RotateCcw, ShieldAlert, ShieldCheck, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { cn } from "~/lib/cn";
import { elide } from "~/lib/elision";
import { useStaffAction } from "~/lib/use-staff-action";
import { telHref } from "~/rules/site";
import { describeDelivery, type RequestPageData } from "./inbox";
import { actionClass, Badge, Card, MachineLine, Spinner } from "./inbox-parts";
import type { RequestActionResult } from "./staff-schema";
import { typography } from "~/lib/typography";

type Request = RequestPageData["request"];

export function RequestText({ request }: { request: Request }) {
  return (
    <Card title="Demande" titleId="demande-texte" className="order-1">
      {request.machine && <MachineLine name={request.machine} className="mb-3" />}
      <p className="leading-relaxed break-words whitespace-pre-wrap text-ink">{request.description_demande}</p>
    </Card>
  );
}

export function ContactDetails({ request }: { request: Request }) {
  return (
    <Card title="Coordonnées" titleId="coordonnees" className="order-2">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-sm">
        <Detail term="Courriel">
          <a
            href={`mailto:${request.courriel}`}
            className="inline-flex items-center gap-1.5 font-medium [overflow-wrap:anywhere] underline decoration-brass/50 underline-offset-4"
          >
            <Mail className="size-3.5 shrink-0 text-brass-ink" aria-hidden="true" />
            {request.courriel}
          </a>
        </Detail>
        <Detail term="Téléphone">
          {request.numero_telephone ? (
            <a
              href={telHref(request.numero_telephone)}
              className="inline-flex items-center gap-1.5 font-medium underline decoration-brass/50 underline-offset-4"
            >
              <Phone className="size-3.5 shrink-0 text-brass-ink" aria-hidden="true" />
              {request.numero_telephone}
            </a>
          ) : (
            <span className="text-stone">Non fourni</span>
          )}
        </Detail>
        <Detail term="Préfère">
          {request.prefere_telephone ? "Être appelé par téléphone" : "Une réponse par courriel"}
        </Detail>
        {request.details.map(({ label, value }) => (
          <Detail key={label} term={label}>
            {value ?? <Unspecified />}
          </Detail>
        ))}
      </dl>
    </Card>
  );
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

/** Its fetcher is the page's: released, the refreshed page no longer shows this panel. */
export function SpamPanel({
  id,
  reason,
  fetcher,
}: {
  id: string;
  reason: string;
  fetcher: FetcherWithComponents<RequestActionResult>;
}) {
  const busy = fetcher.state !== "idle";
  return (
    <section
      aria-labelledby="indesirable-titre"
      className="mb-6 rounded-[var(--radius-card)] border border-danger/25 bg-danger/[0.05] p-5 sm:p-6"
    >
      <h2 id="indesirable-titre" className="flex items-center gap-2 font-semibold text-danger">
        <ShieldAlert className="size-5" aria-hidden="true" /> Retenue comme indésirable
      </h2>
      <p className="mt-2 text-sm text-ink-3">{reason}</p>
      <p className="mt-1 text-sm text-stone">
        {typography(
          "Elle n'a été ni transmise ni envoyée par courriel. Si elle vient d'une vraie personne, libérez-la : elle sera transmise et l'équipe et le client recevront leurs courriels, comme si elle venait d'arriver.",
        )}
      </p>
      <fetcher.Form method="post" className="mt-4">
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="intent" value="liberer" disabled={busy} className={actionClass("primary")}>
          {busy ? <Spinner /> : <ShieldCheck className="size-4" aria-hidden="true" />}
          Ce n'est pas un indésirable
        </button>
      </fetcher.Form>
    </section>
  );
}

export function WebhookCard({ request, webhookConfigured }: { request: Request; webhookConfigured: boolean }) {
  const fetcher = useFetcher<RequestActionResult>();
  const { pending: busy } = useStaffAction(fetcher);
  const delivery = describeDelivery(request.delivery, webhookConfigured);
  return (
    <Card title="Transfert à votre outil de suivi" titleId="webhook-titre" className="order-7">
      <Badge tone={delivery.tone}>{delivery.label}</Badge>
      <p className="mt-2 text-sm text-stone">{typography(delivery.detail)}</p>
      {request.delivery.lastError && request.delivery.status !== "delivered" && (
        <p className="mt-1.5 flex gap-1.5 text-sm break-words text-danger">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{`Dernière erreur : ${request.delivery.lastError}`}</span>
        </p>
      )}
      {request.delivery.status === "failed" && (
        <fetcher.Form method="post" className="mt-3">
          <input type="hidden" name="id" value={request.id} />
          <button type="submit" name="intent" value="renvoyer" disabled={busy} className={actionClass("brass")}>
            {busy ? <Spinner /> : <RotateCcw className="size-4" aria-hidden="true" />}
            Renvoyer
          </button>
        </fetcher.Form>
      )}
    </Card>
  );
}

export function DeleteCard({ id, name }: { id: string; name: string }) {
  const fetcher = useFetcher<RequestActionResult>();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  // Erased, the server sends the app to the inbox with its toast; a refusal is shown here.
  const { pending: busy } = useStaffAction(fetcher);
  // Focus moves into the confirmation when it opens, and back to its button when it closes.
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) openRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  return (
    <Card title="Effacer" titleId="effacer-titre" className="order-8">
      <p className="text-sm text-stone">
        À la demande de la personne (droit à l'effacement), supprimez la demande avec ses notes, son historique et ses
        courriels. C'est définitif.
      </p>
      {confirming ? (
        <fetcher.Form
          method="post"
          role="alertdialog"
          aria-labelledby="effacer-confirmation"
          className="mt-3 rounded-xl border border-danger/30 bg-danger/[0.05] p-4"
          onKeyDown={(event) => {
            if (event.key === "Escape") setConfirming(false);
          }}
        >
          <p id="effacer-confirmation" className="text-sm font-medium">
            {`Supprimer définitivement la demande ${elide("de", name)}\u00a0?`}
          </p>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="confirmation" value="supprimer" />
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              ref={confirmRef}
              type="submit"
              name="intent"
              value="supprimer"
              disabled={busy}
              className={actionClass("danger")}
            >
              {busy ? <Spinner /> : <Trash2 className="size-4" aria-hidden="true" />}
              Supprimer définitivement
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={actionClass("outline")}>
              Annuler
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <button
          ref={openRef}
          type="button"
          onClick={() => setConfirming(true)}
          className={cn(actionClass("outline"), "mt-3 text-danger")}
        >
          <Trash2 className="size-4" aria-hidden="true" /> Supprimer la demande
        </button>
      )}
    </Card>
  );
}
