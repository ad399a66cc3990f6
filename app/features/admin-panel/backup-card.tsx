import { Archive, Download } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import type { BackupStatus } from "../../../server/data-transfer/backup";
import { Button, buttonClass } from "~/components/ui/button";
import { formatBytes } from "~/rules/uploads";
import { MSG } from "~/lib/messages";
import { ARCHIVE_ESTIMATE_HEADER, attachmentName, downloadName, downloadShare } from "./backup";
import { formatDate } from "~/lib/dates";

const BACKUP_URL = "/edit/sauvegarde";

type Download = { phase: "preparing" } | { phase: "receiving"; received: number; estimated: number };

/** 'Sauvegarde': download a fresh archive of the whole site (with its progress), and when the last
 * scheduled backup was made. The link works before the app starts; the app adds the progress bar. */
export function BackupCard({ status }: { status: BackupStatus | null }) {
  const [download, setDownload] = useState<Download | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function start(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (download) return;
    const controller = new AbortController();
    abort.current = controller;
    setDownload({ phase: "preparing" });
    try {
      const response = await fetch(BACKUP_URL, { signal: controller.signal, credentials: "same-origin" });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const estimated = Number(response.headers.get(ARCHIVE_ESTIMATE_HEADER) ?? 0);
      const reader = response.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      setDownload({ phase: "receiving", received, estimated });
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.length;
        setDownload({ phase: "receiving", received, estimated });
      }
      const url = URL.createObjectURL(new Blob(chunks, { type: "application/gzip" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = attachmentName(response.headers.get("content-disposition"), downloadName(new Date()));
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toast.success("Sauvegarde téléchargée", { description: `${link.download} (${formatBytes(received)})` });
    } catch {
      if (!controller.signal.aborted) {
        toast.error(MSG.error, { description: "La sauvegarde n'a pas pu être téléchargée. Veuillez réessayer." });
      }
    } finally {
      abort.current = null;
      setDownload(null);
    }
  }

  const percent =
    download?.phase === "receiving" ? Math.round(downloadShare(download.received, download.estimated) * 100) : 0;

  return (
    <section aria-labelledby="backup-title" className="mt-14">
      <div className="flex flex-col gap-1">
        <p className="eyebrow">Données</p>
        <h2 id="backup-title" className="text-2xl font-semibold sm:text-3xl">
          Sauvegarde
        </h2>
        <p className="max-w-2xl text-sm text-stone">
          Une archive de tout le site&nbsp;: produits, machines, étapes, catégories, photos, demandes de contact et
          fichiers. Gardez-la en lieu sûr&nbsp;: elle permet de restaurer le site ou de le déménager.
        </p>
      </div>

      <div className="mt-6 grid gap-6 rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] sm:p-6 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)] lg:gap-8">
        <div className="flex flex-col gap-4">
          <div className="flex items-start gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-ink text-brass-light">
              <Archive className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold">Sauvegarde complète</h3>
              <p className="mt-1 text-sm text-stone">
                Préparée au moment du clic, puis téléchargée sur cet appareil (fichier .tar.gz).
              </p>
            </div>
          </div>
          {download ? (
            <div className="flex flex-col gap-2" aria-live="polite">
              <div className="flex items-center gap-3">
                <progress
                  className="sr-only"
                  max={100}
                  value={download.phase === "receiving" ? percent : undefined}
                  aria-label="Téléchargement de la sauvegarde"
                />
                <div aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-ink/10">
                  <div
                    className={
                      download.phase === "preparing"
                        ? "h-full w-1/3 animate-pulse rounded-full bg-brass/60"
                        : "h-full rounded-full bg-brass transition-[width] duration-150"
                    }
                    style={download.phase === "receiving" ? { width: `${percent}%` } : undefined}
                  />
                </div>
                <Button size="sm" variant="outline" onClick={() => abort.current?.abort()}>
                  Annuler
                </Button>
              </div>
              <p className="text-sm text-stone tabular-nums">
                {download.phase === "preparing"
                  ? "Préparation de la sauvegarde…"
                  : `Téléchargement\u00a0: ${formatBytes(download.received)}` +
                    (download.estimated > 0 ? ` sur environ ${formatBytes(download.estimated)}` : "")}
              </p>
            </div>
          ) : (
            <a
              href={BACKUP_URL}
              download
              onClick={(event) => void start(event)}
              className={buttonClass("primary", "md") + " self-start"}
            >
              <Download aria-hidden="true" /> Télécharger une sauvegarde
            </a>
          )}
        </div>

        <div className="flex flex-col justify-center gap-1.5 border-t border-ink/8 pt-4 text-sm lg:border-t-0 lg:border-l lg:pt-0 lg:pl-8">
          <h3 className="font-semibold">Sauvegardes automatiques</h3>
          {status === null ? (
            <p role="alert" className="text-danger">
              Impossible de lire le dossier des sauvegardes automatiques.
            </p>
          ) : status.latest ? (
            <p>
              Dernière sauvegarde automatique&nbsp;: {formatDate(new Date(status.latest.createdAt), "dateTime")} (
              {formatBytes(status.latest.size)})
            </p>
          ) : (
            <p>Aucune sauvegarde automatique</p>
          )}
          {status && !status.enabled && (
            <p className="text-stone">
              Elles ne sont pas activées sur ce serveur (réglage BACKUP_DIR, voir le README).
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
