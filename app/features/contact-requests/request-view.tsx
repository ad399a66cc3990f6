// A request's own page: every field, its stage and the history of its changes, a reply to the
// prospect, the emails exchanged with their delivery state, the staff's notes, and for a request held
// as spam its release; at the end, erasing it with everything attached. Submitted text is only ever
// rendered as React text (escaped).
import {
  Check,
  CircleAlert,
  Mail,
  MessageSquareText,
  Pencil,
  Phone,
  Reply,
  RotateCcw,
  Send,
  ShieldAlert,
  ShieldCheck,
  Trash2,
} from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useFetcher, type FetcherWithComponents } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { cn } from "~/lib/cn";
import { useSite } from "~/lib/site-data";
import { telHref } from "~/rules/site";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { describeDelivery, type EmailItem, type RequestPageData } from "./inbox";
import {
  actionClass,
  Badge,
  FieldError,
  fieldClass,
  MachineLine,
  sectionTitleClass,
  Spinner,
  STAGE_TONES,
} from "./inbox-parts";
import {
  ContactRequestActionSchema,
  NOTE_MAX_LENGTH,
  REPLY_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  validationToast,
  type RequestActionResult,
} from "./staff-schema";
import { EMAIL_PURPOSE_LABELS, emailStateLabel, STAGES, stageLabel } from "./stages";
import { elide } from "~/lib/elision";

export function RequestView(props: RequestPageData) {
  const { request, machineId, stageChanges, notes, emails, webhookConfigured, emailConfigured } = props;
  // The request's machine opens in the customiser at once; a general one starts with the choice of machine.
  const proposalQuery = new URLSearchParams({ demande: request.id }).toString();
  const proposalHref = machineId ? `/creer-machine/${machineId}?${proposalQuery}` : `/creer-machine?${proposalQuery}`;
  // Answered here: once released, the refreshed page no longer shows the spam panel.
  const release = useFetcher<RequestActionResult>();
  useStaffAction(release);
  return (
    <AdminPage
      title={request.nom_complet}
      back={{ to: "/edit-demandes", label: "Toutes les demandes" }}
      intro={
        <>
          Reçue le <time dateTime={request.receivedIso}>{request.receivedAt}</time>
        </>
      }
      actions={
        <>
          {!request.spam && (
            <Link to={proposalHref} className={actionClass("outline")}>
              Préparer une proposition
            </Link>
          )}
          {request.spam ? (
            <Badge tone="danger">
              <ShieldAlert className="size-3.5" aria-hidden="true" /> Indésirable
            </Badge>
          ) : (
            <Badge tone={STAGE_TONES[request.stage]}>
              <span className="sr-only">Statut : </span>
              {stageLabel(request.stage)}
            </Badge>
          )}
        </>
      }
    >
      {request.spam && <SpamPanel id={request.id} reason={request.spam.reason} fetcher={release} />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {/* On a phone the two columns melt into one list, ordered by what is needed first. */}
        <div className="contents min-w-0 lg:grid lg:content-start lg:gap-6">
          <Card title="Demande" titleId="demande-texte" className="order-1">
            {request.machine && <MachineLine name={request.machine} className="mb-3" />}
            <p className="leading-relaxed break-words whitespace-pre-wrap text-ink">{request.description_demande}</p>
          </Card>
          {!request.spam && <ReplyForm id={request.id} emailConfigured={emailConfigured} name={request.nom_complet} />}
          <EmailThread id={request.id} emails={emails} emailConfigured={emailConfigured} />
          <Notes id={request.id} notes={notes} />
        </div>

        <div className="contents min-w-0 lg:grid lg:content-start lg:gap-6">
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
              <Detail term="Emplacement">{request.type_emplacement ?? <Unspecified />}</Detail>
              <Detail term="Région">{request.emplacement ?? <Unspecified />}</Detail>
              <Detail term="Délai">{request.date_installation ?? <Unspecified />}</Detail>
            </dl>
          </Card>
          {!request.spam && <StageCard id={request.id} stage={request.stage} changes={stageChanges} />}
          <WebhookCard request={request} webhookConfigured={webhookConfigured} />
          <DeleteCard id={request.id} name={request.nom_complet} />
        </div>
      </div>
    </AdminPage>
  );
}

function Card({
  title,
  titleId,
  className,
  children,
}: {
  title: string;
  titleId: string;
  /** Its place in the one-column phone layout ('order-3'); the columns keep their own order. */
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        "min-w-0 rounded-[var(--radius-card)] border border-ink/8 bg-white p-5 shadow-[var(--shadow-card)] sm:p-6 lg:order-none",
        className,
      )}
    >
      <h2 id={titleId} className={sectionTitleClass}>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function SpamPanel({
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
        Elle n'a été ni transmise ni envoyée par courriel. Si elle vient d'une vraie personne, libérez-la : elle sera
        transmise et l'équipe et le client recevront leurs courriels, comme si elle venait d'arriver.
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

function StageCard({
  id,
  stage,
  changes,
}: {
  id: string;
  stage: RequestPageData["request"]["stage"];
  changes: RequestPageData["stageChanges"];
}) {
  const fetcher = useFetcher<RequestActionResult>();
  const { pending: busy } = useStaffAction(fetcher);
  return (
    <Card title="Statut" titleId="statut-titre" className="order-3">
      <fetcher.Form method="post" className="flex flex-col gap-2 sm:flex-row lg:flex-col">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="intent" value="statut" />
        <label htmlFor="statut-choix" className="sr-only">
          Statut de la demande
        </label>
        <select id="statut-choix" name="stage" defaultValue={stage} key={stage} className={cn(fieldClass, "h-11 py-0")}>
          {STAGES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        <button type="submit" disabled={busy} className={actionClass("outline")}>
          {busy ? <Spinner /> : <Check className="size-4" aria-hidden="true" />}
          Changer le statut
        </button>
      </fetcher.Form>
      <h3 className="mt-5 text-sm font-semibold">Historique</h3>
      {changes.length === 0 ? (
        <p className="mt-1 text-sm text-stone">Aucun changement : la demande est telle qu'elle est arrivée.</p>
      ) : (
        <ol className="mt-2 grid gap-2 text-sm">
          {changes.map((change) => (
            <li key={change.id} className="border-l-2 border-brass/40 pl-3">
              <span className="font-medium">{`${change.from} → ${change.to}`}</span>
              <br />
              <time dateTime={change.atIso} className="text-stone">
                {change.at}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function ReplyForm({ id, emailConfigured, name }: { id: string; emailConfigured: boolean; name: string }) {
  const site = useSite();
  const fetcher = useFetcher<RequestActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const {
    fieldErrors,
    setFieldErrors,
    pending: busy,
  } = useStaffAction(fetcher, (result) => {
    if (result.ok) formRef.current?.reset();
  });
  return (
    <Card title="Répondre" titleId="repondre-titre" className="order-4">
      {emailConfigured ? (
        <fetcher.Form
          method="post"
          ref={formRef}
          className="grid gap-3"
          onSubmit={(event) => setFieldErrors(checkBeforeSending(event, ContactRequestActionSchema, validationToast))}
        >
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="intent" value="repondre" />
          <div className="grid gap-1.5">
            <label htmlFor="reponse-objet" className="text-sm font-medium">
              Objet <span className="font-normal text-stone">(facultatif)</span>
            </label>
            <input
              id="reponse-objet"
              name="subject"
              maxLength={SUBJECT_MAX_LENGTH}
              className={fieldClass}
              {...invalid("reponse-objet", fieldErrors.subject)}
            />
            <FieldError id="reponse-objet-erreur" message={fieldErrors.subject} />
          </div>
          <div className="grid gap-1.5">
            <label htmlFor="reponse-texte" className="text-sm font-medium">
              {`Votre réponse à ${name}`}
            </label>
            <textarea
              id="reponse-texte"
              name="body"
              required
              maxLength={REPLY_MAX_LENGTH}
              rows={6}
              className={fieldClass}
              {...invalid("reponse-texte", fieldErrors.body)}
            />
            <FieldError id="reponse-texte-erreur" message={fieldErrors.body} />
          </div>
          <p className="text-sm text-stone">
            {`Envoyée par courriel depuis l'adresse du site, signée «\u00a0L'équipe de ${site.name}\u00a0» et votre numéro si vous ne signez pas vous-même ; elle apparaîtra ci-dessous avec son état d'envoi.`}
          </p>
          <div>
            <button type="submit" disabled={busy} className={actionClass("primary")}>
              {busy ? <Spinner /> : <Reply className="size-4" aria-hidden="true" />}
              Envoyer la réponse
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <p className="text-sm text-stone">
          L'envoi de courriels n'est pas configuré (SMTP_URL) : répondez depuis votre messagerie ou par téléphone.
        </p>
      )}
    </Card>
  );
}

const STATE_TONES = { sent: "success", failed: "danger", pending: "waiting" } as const;

function EmailThread({ id, emails, emailConfigured }: { id: string; emails: EmailItem[]; emailConfigured: boolean }) {
  return (
    <Card title="Courriels" titleId="courriels-titre" className="order-5">
      {emails.length === 0 ? (
        <p className="text-sm text-stone">
          {emailConfigured
            ? "Aucun courriel pour cette demande."
            : "Aucun courriel : l'envoi de courriels n'est pas configuré (SMTP_URL)."}
        </p>
      ) : (
        <ol className="grid gap-3">
          {emails.map((email) => (
            <li key={email.id}>
              <EmailEntry id={id} email={email} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function EmailEntry({ id, email }: { id: string; email: EmailItem }) {
  const fetcher = useFetcher<RequestActionResult>();
  const { pending: busy } = useStaffAction(fetcher);
  return (
    <article className={cn("rounded-xl border p-4", email.state === "failed" ? "border-danger/30" : "border-ink/10")}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">{EMAIL_PURPOSE_LABELS[email.purpose] ?? email.purpose}</h3>
          <p className="text-sm [overflow-wrap:anywhere] text-stone">{`À : ${email.to.join(", ")}`}</p>
        </div>
        <Badge tone={STATE_TONES[email.state]}>{emailStateLabel(email.state, email.attempts)}</Badge>
      </div>
      <p className="mt-2 text-sm">
        <span className="text-stone">Objet : </span>
        {email.subject}
      </p>
      <p className="mt-1 text-sm text-stone">
        Créé le <time dateTime={email.queuedIso}>{email.queuedAt}</time>
        {email.sentAt ? ` · accepté le ${email.sentAt}` : ""}
      </p>
      {email.state !== "sent" && email.lastError && (
        <p className="mt-2 flex gap-1.5 text-sm break-words text-danger">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{`Raison : ${email.lastError}`}</span>
        </p>
      )}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-ink-3">Voir le texte</summary>
        <p className="mt-2 rounded-lg bg-ivory/70 p-3 break-words whitespace-pre-wrap">{email.text}</p>
      </details>
      {email.state === "failed" && (
        <fetcher.Form method="post" className="mt-3">
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="messageId" value={email.id} />
          <button
            type="submit"
            name="intent"
            value="renvoyer-courriel"
            disabled={busy}
            className={actionClass("brass")}
          >
            {busy ? <Spinner /> : <Send className="size-4" aria-hidden="true" />}
            Renvoyer ce courriel
          </button>
        </fetcher.Form>
      )}
    </article>
  );
}

function Notes({ id, notes }: { id: string; notes: RequestPageData["notes"] }) {
  const fetcher = useFetcher<RequestActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const {
    fieldErrors,
    setFieldErrors,
    pending: busy,
  } = useStaffAction(fetcher, (result) => {
    if (result.ok) formRef.current?.reset();
  });
  return (
    <Card title="Notes de l'équipe" titleId="notes-titre" className="order-6">
      <fetcher.Form
        method="post"
        ref={formRef}
        className="grid gap-2"
        onSubmit={(event) => setFieldErrors(checkBeforeSending(event, ContactRequestActionSchema, validationToast))}
      >
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="note-nouvelle" className="text-sm font-medium">
          Nouvelle note <span className="font-normal text-stone">(visible par l'équipe seulement)</span>
        </label>
        <textarea
          id="note-nouvelle"
          name="body"
          required
          maxLength={NOTE_MAX_LENGTH}
          rows={3}
          className={fieldClass}
          {...invalid("note-nouvelle", fieldErrors.body)}
        />
        <FieldError id="note-nouvelle-erreur" message={fieldErrors.body} />
        <div>
          <button type="submit" disabled={busy} className={actionClass("outline")}>
            {busy ? <Spinner /> : <MessageSquareText className="size-4" aria-hidden="true" />}
            Ajouter la note
          </button>
        </div>
      </fetcher.Form>
      {notes.length === 0 ? (
        <p className="mt-4 text-sm text-stone">Aucune note pour le moment.</p>
      ) : (
        <ol className="mt-4 grid gap-3" aria-label="Notes">
          {notes.map((note) => (
            <li key={note.id}>
              <NoteEntry id={id} note={note} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function NoteEntry({ id, note }: { id: string; note: RequestPageData["notes"][number] }) {
  const fetcher = useFetcher<RequestActionResult>();
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLTextAreaElement>(null);
  const {
    fieldErrors,
    setFieldErrors,
    pending: busy,
  } = useStaffAction(fetcher, (result) => {
    if (result.ok) setEditing(false);
  });
  useEffect(() => {
    if (editing) editRef.current?.focus();
  }, [editing]);
  const fieldId = `note-${note.id}`;
  return (
    <article className="rounded-xl bg-ivory/70 p-4">
      <p className="text-xs text-stone">
        <time dateTime={note.atIso}>{note.at}</time>
        {note.editedAt ? ` · modifiée le ${note.editedAt}` : ""}
      </p>
      {editing ? (
        <fetcher.Form
          method="post"
          className="mt-2 grid gap-2"
          onSubmit={(event) => setFieldErrors(checkBeforeSending(event, ContactRequestActionSchema, validationToast))}
        >
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="noteId" value={note.id} />
          <input type="hidden" name="intent" value="note-modifier" />
          <label htmlFor={fieldId} className="sr-only">
            Texte de la note
          </label>
          <textarea
            id={fieldId}
            ref={editRef}
            name="body"
            required
            maxLength={NOTE_MAX_LENGTH}
            rows={3}
            defaultValue={note.body}
            className={fieldClass}
            {...invalid(fieldId, fieldErrors.body)}
          />
          <FieldError id={`${fieldId}-erreur`} message={fieldErrors.body} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={actionClass("primary")}>
              {busy ? <Spinner /> : <Check className="size-4" aria-hidden="true" />}
              Enregistrer
            </button>
            <button type="button" onClick={() => setEditing(false)} className={actionClass("outline")}>
              Annuler
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <>
          <p className="mt-1 break-words whitespace-pre-wrap">{note.body}</p>
          <button
            type="button"
            onClick={() => setEditing(true)}
            className="mt-2 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-ink-3 underline underline-offset-4"
          >
            <Pencil className="size-3.5" aria-hidden="true" /> Modifier<span className="sr-only"> la note</span>
          </button>
        </>
      )}
    </article>
  );
}

function WebhookCard({
  request,
  webhookConfigured,
}: {
  request: RequestPageData["request"];
  webhookConfigured: boolean;
}) {
  const fetcher = useFetcher<RequestActionResult>();
  const { pending: busy } = useStaffAction(fetcher);
  const delivery = describeDelivery(request.delivery, webhookConfigured);
  return (
    <Card title="Transfert à votre outil de suivi" titleId="webhook-titre" className="order-7">
      <Badge tone={delivery.tone}>{delivery.label}</Badge>
      <p className="mt-2 text-sm text-stone">{delivery.detail}</p>
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

function DeleteCard({ id, name }: { id: string; name: string }) {
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

/** The attributes of a field that the server or the check before sending refused. */
function invalid(id: string, message: string | undefined) {
  return message ? { "aria-invalid": true, "aria-describedby": `${id}-erreur` } : {};
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
