// In the machine editor: whether the machine has a proposal template (saved from the customiser with
// 'Enregistrer comme modèle'), and clearing it. It reads and clears through its own staff endpoint.
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { frenchDate } from "./client-view";
import type { TemplateStatus } from "./queries.server";

export function TemplateNotice({ machineId }: { machineId: string | null }) {
  const fetcher = useFetcher<TemplateStatus>();
  const url = machineId ? `/edit-propositions/modele/${machineId}` : null;
  const { load } = fetcher;
  useEffect(() => {
    if (url) void load(url);
  }, [url, load]);
  if (!url || !fetcher.data?.exists) return null;
  const { updatedAt, products } = fetcher.data;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brass/10 px-4 py-3 text-sm"
      data-testid="template-notice"
    >
      <p>
        {`Modèle de proposition enregistré${updatedAt ? ` le ${frenchDate(new Date(updatedAt))}` : ""} (${products} produit${products > 1 ? "s" : ""}) : les propositions de cette machine en partent.`}
      </p>
      <fetcher.Form method="post" action={url}>
        <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
          Supprimer le modèle
        </Button>
      </fetcher.Form>
    </div>
  );
}
