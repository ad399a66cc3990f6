import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

type UploadProgressProps = {
  /** Name of the file being sent: the progress bar's accessible name. */
  fileName: string;
  /** 0 to 100. */
  progress: number;
  onCancel: () => void;
  /** 'sm' inside a form field (default), 'md' in a larger drop zone. */
  size?: "sm" | "md";
  className?: string;
};

/** The bar of a file being uploaded, its percentage and 'Annuler'. The one used by every upload of
 * the staff area (UploadField, the gallery's drop zone). */
export function UploadProgress({ fileName, progress, onCancel, size = "sm", className }: UploadProgressProps) {
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <div
        role="progressbar"
        aria-label={`Téléversement de ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className={cn("flex-1 overflow-hidden rounded-full bg-ink/10", size === "sm" ? "h-2" : "h-2.5")}
      >
        <div
          className="h-full rounded-full bg-brass transition-[width] duration-150"
          style={{ width: `${progress}%` }}
        />
      </div>
      <span className="w-12 text-right text-sm tabular-nums text-stone">{progress} %</span>
      <Button size={size} variant="outline" onClick={onCancel}>
        Annuler
      </Button>
    </div>
  );
}
