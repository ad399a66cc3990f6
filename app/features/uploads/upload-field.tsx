import { Film, ImageUp, Upload, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { toast } from "sonner";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { typography } from "~/lib/typography";
import { ACCEPT, BUCKET_RULES, type Bucket } from "../../rules/uploads";
import { UploadProgress } from "./upload-progress";
import { useUpload, type UploadResult } from "./use-upload";

type UploadFieldProps = {
  bucket: Bucket;
  label: string;
  /** Current value (a /media URL, '/placeholder.svg' or empty): shown as the preview and kept on failure. */
  value: string | null | undefined;
  onUploaded: (result: UploadResult) => void;
  onRemove?: () => void;
  /** Toast text when the upload fails (the previous value is kept). */
  failureMessage?: string;
  /** Hint under the file input (accepted types, size, what happens next). */
  hint?: string;
  /** Show the small preview square (default true); off when the page shows the file larger itself. */
  preview?: boolean;
  className?: string;
};

/** Choose a file, see the progress bar (with percentage and cancel), then the preview. One upload path
 * for every image and video of the staff area. */
export function UploadField({
  bucket,
  label,
  value,
  onUploaded,
  onRemove,
  failureMessage,
  hint,
  preview = true,
  className,
}: UploadFieldProps) {
  const { kind } = BUCKET_RULES[bucket];
  const { state, upload, cancel } = useUpload(bucket);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const hasValue = Boolean(value) && value !== "/placeholder.svg";

  async function onChange(file: File | undefined) {
    if (!file) return;
    const result = await upload(file);
    if (input.current) input.current.value = "";
    if (result) {
      onUploaded(result);
      toast.success(kind === "image" ? "Image uploadée" : "Vidéo uploadée");
    }
  }

  const uploading = state.status === "uploading";
  const error = state.status === "error" ? state.message : null;
  const kept = hasValue
    ? kind === "image"
      ? "L'image précédente est conservée."
      : "La vidéo précédente est conservée."
    : "";
  useEffect(() => {
    if (error)
      toast.error(failureMessage ?? "Erreur lors du téléchargement", { description: `${error} ${kept}`.trim() });
  }, [error, failureMessage, kept]);

  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const chooseText =
    kind === "image"
      ? hasValue
        ? "Remplacer l'image"
        : "Choisir une image"
      : hasValue
        ? "Remplacer la vidéo"
        : "Choisir une vidéo";

  return (
    <div className={cn("space-y-2", className)}>
      <p id={labelId} className="block text-sm font-medium text-ink">
        {label}
      </p>
      <div className="flex items-start gap-4">
        {preview && (
          <div className="relative flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-ink/10 bg-sand/60">
            {hasValue ? (
              kind === "image" ? (
                <img src={value!} alt="" className="size-full object-cover" />
              ) : (
                <video src={value!} muted playsInline className="size-full object-cover" aria-hidden="true" />
              )
            ) : kind === "image" ? (
              <ImageUp className="size-7 text-stone" aria-hidden="true" />
            ) : (
              <Film className="size-7 text-stone" aria-hidden="true" />
            )}
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            {/* The real input stays in the page (keyboard, screen readers, tests); the label is its face. */}
            <input
              ref={input}
              id={id}
              type="file"
              accept={ACCEPT[kind]}
              disabled={uploading}
              aria-labelledby={labelId}
              aria-describedby={hint ? hintId : undefined}
              onChange={(event) => void onChange(event.currentTarget.files?.[0])}
              className="peer sr-only"
            />
            <label
              htmlFor={id}
              className={cn(
                buttonClass("outline", "sm"),
                "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-3 peer-focus-visible:outline-brass",
                uploading && "pointer-events-none opacity-55",
              )}
            >
              <Upload aria-hidden="true" /> {chooseText}
            </label>
            {hasValue && onRemove && !uploading && (
              <Button size="sm" variant="ghost" onClick={onRemove}>
                <X aria-hidden="true" /> Retirer
              </Button>
            )}
          </div>
          {hint && (
            <p id={hintId} className="text-xs text-stone">
              {typography(hint)}
            </p>
          )}
          {uploading && <UploadProgress fileName={state.fileName} progress={state.progress} onCancel={cancel} />}
          {error && (
            <p role="alert" className="text-sm text-danger">
              {error} {kept}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
