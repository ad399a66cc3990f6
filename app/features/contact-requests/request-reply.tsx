// The reply to the prospect, sent by email from the site's address (when email is configured).
import { Reply } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { useSite } from "~/lib/site-data";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { actionClass, Card, FieldError, fieldClass, invalid, Spinner } from "./inbox-parts";
import {
  ContactRequestActionSchema,
  REPLY_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  validationToast,
  type RequestActionResult,
} from "./staff-schema";
import { typography } from "~/lib/typography";

export function ReplyForm({ id, emailConfigured, name }: { id: string; emailConfigured: boolean; name: string }) {
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
            {typography(
              `Envoyée par courriel depuis l'adresse du site, signée « L'équipe de ${site.name} » et votre numéro si vous ne signez pas vous-même ; elle apparaîtra ci-dessous avec son état d'envoi.`,
            )}
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
          {typography(
            "L'envoi de courriels n'est pas configuré (SMTP_URL) : répondez depuis votre messagerie ou par téléphone.",
          )}
        </p>
      )}
    </Card>
  );
}
