// Pure parts of the staff panel's backup card: the download's name and the progress shown while it
// arrives (the archive's final size is only known at the end; the server sends an estimate).

import { isoLocal } from "~/lib/dates";

export const ARCHIVE_ESTIMATE_HEADER = "X-Archive-Estimate";

/** 'sauvegarde-2026-11-24-0307.tar.gz', in Quebec time. */
export function downloadName(at: Date): string {
  const { day, time } = isoLocal(at);
  return `sauvegarde-${day}-${time.replace(":", "")}.tar.gz`;
}

/** The name a Content-Disposition header gives, or the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(header ?? "");
  return match?.[1] ?? fallback;
}

/** Share of the download received, 0 to 1; held just under 1 until the end, as the total is estimated. */
export function downloadShare(received: number, estimated: number): number {
  if (!(estimated > 0)) return 0;
  return Math.min(received / estimated, 0.99);
}
