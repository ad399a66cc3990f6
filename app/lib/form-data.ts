type FormLike = { get(name: string): unknown };

/** A text field of a form (FormData or URLSearchParams); "" when absent or a file. */
export function formText(form: FormLike, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
