// The emails of a request (notices, confirmations, replies, proposals), each with its delivery state,
// its text, and for a failed one a new try.
import { CircleAlert, Send } from "lucide-react";
import { useFetcher } from "react-router";
import { cn } from "~/lib/cn";
import { typography } from "~/lib/typography";
import { useStaffAction } from "~/lib/use-staff-action";
import type { EmailItem } from "./inbox";
import { actionClass, Badge, Card, Spinner } from "./inbox-parts";
import type { RequestActionResult } from "./staff-schema";
import { EMAIL_PURPOSE_LABELS, emailStateLabel } from "./email-states";

const STATE_TONES = { sent: "success", failed: "danger", pending: "waiting" } as const;

export function EmailThread({
  id,
  emails,
  emailConfigured,
}: {
  id: string;
  emails: EmailItem[];
  emailConfigured: boolean;
}) {
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
          <p className="text-sm [overflow-wrap:anywhere] text-stone">{typography(`À : ${email.to.join(", ")}`)}</p>
        </div>
        <Badge tone={STATE_TONES[email.state]}>{emailStateLabel(email.state, email.attempts)}</Badge>
      </div>
      <p className="mt-2 text-sm">
        <span className="text-stone">{typography("Objet : ")}</span>
        {email.subject}
      </p>
      <p className="mt-1 text-sm text-stone">
        Créé le <time dateTime={email.queuedIso}>{email.queuedAt}</time>
        {email.by ? ` par ${email.by}` : ""}
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
