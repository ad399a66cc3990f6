import { useState, type ReactNode } from "react";
import { Field, Textarea } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { ALT_MAX } from "./schema";

/** 'Description de la photo': what screen readers and search engines are told the photo shows. One
 * line of at most 160 characters, counted as it is typed; Enter sends the form. */
export function AltField({
  name,
  defaultValue,
  error,
  context,
  autoFocus,
  rows = 2,
  className,
}: {
  name: string;
  defaultValue: string;
  error?: string;
  /** Said after the count, e.g. the uploaded file's name. */
  context?: ReactNode;
  autoFocus?: boolean;
  /** Lines shown: more in a narrow card. */
  rows?: number;
  className?: string;
}) {
  const [length, setLength] = useState(defaultValue.length);
  const over = length > ALT_MAX;
  return (
    <Field
      label="Description de la photo"
      required
      error={error}
      className={className}
      hint={
        <>
          <span className={cn("tabular-nums", over && "font-medium text-danger")}>
            {length} / {ALT_MAX} caractères
          </span>
          {context}
        </>
      }
    >
      {(props) => (
        <Textarea
          {...props}
          compact
          name={name}
          defaultValue={defaultValue}
          rows={rows}
          autoFocus={autoFocus}
          placeholder="Ex. : Distributrice de cafés dans la salle de pause d'un bureau de Lévis"
          className="resize-none"
          onChange={(event) => setLength(event.currentTarget.value.length)}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }}
        />
      )}
    </Field>
  );
}
