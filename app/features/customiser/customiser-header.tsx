// The customiser's title, how full the machine is, and what can be done with the proposal.
import { ArrowLeft, BookmarkPlus, Download, Layers, Printer, RotateCcw, Save, Send } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

export function CustomiserHeader({
  machineName,
  sectionCount,
  filled,
  total,
  restored,
  onDownload,
  onStartOver,
  onSend,
  onSaveTemplate,
  installation,
  onSaveInstallation,
}: {
  machineName: string;
  sectionCount: number;
  filled: number;
  total: number;
  /** A draft kept in this browser was restored. */
  restored: boolean;
  onDownload: () => void;
  onStartOver: () => void;
  onSend: () => void;
  onSaveTemplate: () => void;
  /** The installation whose layout is being changed: saved to it instead of sent as a proposal. */
  installation: { id: string; code: string; client_name: string } | null;
  onSaveInstallation: () => void;
}) {
  return (
    <>
      <Link
        to={installation ? `/edit-installations/${installation.id}` : "/creer-machine"}
        className="inline-flex items-center gap-1.5 rounded-full py-1 text-sm font-medium text-stone transition-colors hover:text-ink print:hidden"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {installation ? "Retour à l'installation" : "Toutes les machines"}
      </Link>

      <header className="mt-3 flex flex-wrap items-end justify-between gap-x-6 gap-y-4 print:hidden">
        <div className="min-w-0">
          <p className="eyebrow">
            {installation ? `Installation ${installation.code} · ${installation.client_name}` : "Créer ma machine"}
          </p>
          <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">{machineName}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone">
            <span className="inline-flex items-center gap-1.5 tabular-nums" data-testid="fill-summary">
              <Layers className="size-4 text-brass-ink" aria-hidden="true" />
              {sectionCount} section{sectionCount > 1 ? "s" : ""} · {filled} / {total} emplacements remplis
            </span>
            {restored && (
              <span className="rounded-full bg-success/10 px-2.5 py-0.5 text-xs font-medium text-success">
                Brouillon restauré
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="md" onClick={onDownload} aria-label="Télécharger la configuration">
            <Download aria-hidden="true" />
            <span className="max-sm:sr-only">Télécharger</span>
          </Button>
          <Button variant="outline" size="md" onClick={() => window.print()} aria-label="Imprimer la proposition">
            <Printer aria-hidden="true" />
            <span className="max-sm:sr-only">Imprimer</span>
          </Button>
          {!installation && (
            <Button variant="outline" size="md" onClick={onSaveTemplate}>
              <BookmarkPlus aria-hidden="true" />
              Enregistrer comme modèle
            </Button>
          )}
          <Button variant="ghost" size="md" onClick={onStartOver}>
            <RotateCcw aria-hidden="true" />
            Recommencer
          </Button>
          {installation ? (
            <Button variant="brass" size="md" onClick={onSaveInstallation}>
              <Save aria-hidden="true" />
              Enregistrer la disposition
            </Button>
          ) : (
            <Button variant="brass" size="md" onClick={onSend}>
              <Send aria-hidden="true" />
              Envoyer la proposition
            </Button>
          )}
        </div>
      </header>
    </>
  );
}
