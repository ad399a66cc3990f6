// In the machine editor: whether the machine has a proposal template (saved from the customiser with
// 'Enregistrer comme modèle'), and clearing it. It reads and clears through its own staff endpoint.
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { useStaffAction } from "~/lib/use-staff-action";
import type { TemplateStatus } from "./queries.server";
import type { ClearTemplateResult } from "./list-schema";

export function TemplateNotice({ machineId }: { machineId: string | null }) {
  const status = useFetcher<TemplateStatus>();
  const clear = useFetcher<ClearTemplateResult>();
  const url = machineId ? `/edit-propositions/modele/${machineId}` : null;
  const { load } = status;
  useEffect(() => {
    if (url) void load(url);
  }, [url, load]);
  // Once cleared, the router reads the status again (a loaded fetcher is revalidated after a post) and
  // the notice goes.
  const { pending } = useStaffAction(clear);
  if (!url || !status.data?.exists) return null;
  const { updatedAt, products } = status.data;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brass/10 px-4 py-3 text-sm"
      data-testid="template-notice"
    >
      <p>
        {`Modèle de proposition enregistré${updatedAt ? ` le ${formatDate(new Date(updatedAt))}` : ""} (${products} produit${products > 1 ? "s" : ""}) : les propositions de cette machine en partent.`}
      </p>
      <clear.Form method="post" action={url}>
        <input type="hidden" name="intent" value="clear-template" />
        <Button type="submit" variant="outline" size="sm" disabled={pending}>
          Supprimer le modèle
        </Button>
      </clear.Form>
    </div>
  );
}
