// The addresses of the staff's label PDFs (label-route.server.ts answers them), for the screens' links.

/** An installation's label, one A6 page. */
export function installationLabelPath(installationId: string): string {
  return `/edit-installations/${installationId}/etiquette.pdf`;
}

/** A sheet of labels: these installations (in this order), or every installed one when none is given;
 * four to a letter page with cut lines, or one per A6 page. */
export function labelSheetPath({
  ids = [],
  format = "lettre",
}: { ids?: readonly string[]; format?: "lettre" | "a6" } = {}): string {
  const query = new URLSearchParams({ format });
  for (const id of ids) query.append("id", id);
  return `/edit-installations/etiquettes.pdf?${query}`;
}
