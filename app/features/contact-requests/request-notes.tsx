// The staff's notes on a request, seen by the team only: adding one, and correcting one in place.
import { Check, MessageSquareText, Pencil } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import type { RequestPageData } from "./inbox";
import { actionClass, Card, FieldError, fieldClass, invalid, Spinner } from "./inbox-parts";
import { ContactRequestActionSchema, NOTE_MAX_LENGTH, validationToast, type RequestActionResult } from "./staff-schema";

export function Notes({ id, notes }: { id: string; notes: RequestPageData["notes"] }) {
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
        {note.by && <span className="font-medium text-ink">{`${note.by} · `}</span>}
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
