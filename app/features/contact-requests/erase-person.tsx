// 'Effacer une personne' (the Law 25 request), at the end of the inbox: an address, then a
// confirmation that says what goes; the server erases everything that names that person
// (app/features/contact-requests/erasure.server.ts) and the journal records it without naming them.
import { ShieldX, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { actionClass, FieldError, fieldClass, sectionTitleClass, Spinner } from "./inbox-parts";
import {
  ContactRequestActionSchema,
  REQUEST_MESSAGES,
  validationToast,
  type RequestActionResult,
} from "./staff-schema";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ErasePersonCard() {
  const fetcher = useFetcher<RequestActionResult>();
  const [confirming, setConfirming] = useState(false);
  const [email, setEmail] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const { fieldErrors, setFieldErrors, pending } = useStaffAction(fetcher, (result) => {
    setConfirming(false);
    if (result.ok) setEmail("");
  });
  // Focus moves into the confirmation when it opens, and back to the address when it closes.
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) inputRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const error = fieldErrors.courriel;

  return (
    <section
      aria-labelledby="effacer-personne-titre"
      className="mt-10 rounded-[var(--radius-card)] border border-ink/8 bg-white p-5 shadow-[var(--shadow-card)] sm:p-6"
    >
      <h2 id="effacer-personne-titre" className={sectionTitleClass}>
        Effacer une personne
      </h2>
      <p className="mt-3 max-w-2xl text-sm text-stone">
        À la demande d'une personne (droit à l'effacement, Loi 25), effacez tout ce qui la nomme&nbsp;: ses demandes
        avec leurs notes et leur historique, ses propositions et toutes leurs versions, les courriels qui lui ont été
        envoyés ou qui parlent d'elle. Son nom et son adresse sont retirés du journal. C'est définitif.
      </p>
      {/* The address is checked here, with a French message on its field, not by the browser's bubble. */}
      <fetcher.Form
        method="post"
        noValidate
        className="mt-4 grid gap-3"
        onKeyDown={(event) => {
          if (event.key === "Escape") setConfirming(false);
        }}
        onSubmit={(event) => {
          if (!confirming) {
            // First step: check the address, then ask for the confirmation.
            event.preventDefault();
            const typed = email.trim();
            if (!EMAIL.test(typed)) {
              setFieldErrors({ courriel: REQUEST_MESSAGES.erasureEmail });
              inputRef.current?.focus();
              return;
            }
            setFieldErrors({});
            setConfirming(true);
            return;
          }
          setFieldErrors(checkBeforeSending(event, ContactRequestActionSchema, validationToast));
        }}
      >
        <input type="hidden" name="intent" value="effacer-personne" />
        <div className="grid max-w-xl gap-1.5">
          <label htmlFor="effacer-courriel" className="text-sm font-medium text-ink">
            Adresse courriel de la personne
          </label>
          <input
            ref={inputRef}
            id="effacer-courriel"
            type="email"
            name="courriel"
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            required
            value={email}
            readOnly={confirming}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="nom@exemple.ca"
            className={fieldClass}
            {...(error ? { "aria-invalid": true, "aria-describedby": "effacer-courriel-erreur" } : {})}
          />
          <FieldError id="effacer-courriel-erreur" message={error} />
        </div>
        {confirming ? (
          <div
            role="alertdialog"
            aria-labelledby="effacer-personne-confirmation"
            className="max-w-xl rounded-xl border border-danger/30 bg-danger/[0.05] p-4"
          >
            <p id="effacer-personne-confirmation" className="text-sm font-medium break-words">
              {`Effacer définitivement tout ce qui concerne ${email.trim()}\u00a0?`}
            </p>
            <p className="mt-1 text-sm text-stone">
              Les liens de ses propositions afficheront qu'elles ne sont plus disponibles.
            </p>
            <input type="hidden" name="confirmation" value="effacer" />
            <div className="mt-3 flex flex-wrap gap-2">
              <button ref={confirmRef} type="submit" disabled={pending} className={actionClass("danger")}>
                {pending ? <Spinner /> : <Trash2 className="size-4" aria-hidden="true" />}
                Effacer définitivement
              </button>
              <button type="button" onClick={() => setConfirming(false)} className={actionClass("outline")}>
                Annuler
              </button>
            </div>
          </div>
        ) : (
          <div>
            <button type="submit" className={`${actionClass("outline")} text-danger`}>
              <ShieldX className="size-4" aria-hidden="true" /> Effacer cette personne…
            </button>
          </div>
        )}
      </fetcher.Form>
    </section>
  );
}
