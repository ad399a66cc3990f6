// The machine's pictures (several, ordered, one main) and a step's image-or-video pair.
import { ArrowLeft, ArrowRight, Star, Trash2 } from "lucide-react";
import { useId } from "react";
import { Img } from "~/components/img";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { FieldErrors } from "~/lib/staff-action";
import { machinePhotoAlt } from "~/features/machines/media";
import { UploadField } from "~/features/uploads/upload-field";
import { addImage, moveImage, removeImage, setImageAlt, setMainImage, type ImageList } from "./lists";
import { TEXT_LIMITS } from "./schema";
import { typography } from "~/lib/typography";

/** The pictures, each with its description ('machine.image_alts.N', posted as typed). */
export function ImagesEditor({
  value,
  onChange,
  machineName,
  errors,
}: {
  value: ImageList;
  onChange: (value: ImageList) => void;
  /** For the description a picture has when its field is left empty. */
  machineName: string;
  errors: FieldErrors;
}) {
  const { images, main } = value;
  return (
    <div className="space-y-5">
      {images.length > 0 && (
        <p className="max-w-2xl text-sm text-stone">
          Décrivez chaque photo pour les personnes qui ne la voient pas (lecteurs d'écran, moteurs de recherche).
          Laissée vide, la description reprend le nom de la machine et le numéro de la photo.
        </p>
      )}
      {images.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink/15 bg-ivory/60 px-4 py-6 text-center text-sm text-stone">
          Aucune photo pour le moment. La première ajoutée devient la photo principale.
        </p>
      ) : (
        // On a phone, one picture a row with its description and buttons beside it; wider, cards in a grid.
        <ul className="grid gap-4 sm:grid-cols-3 xl:grid-cols-4" aria-label="Photos de la machine">
          {images.map((src, index) => {
            const isMain = index === main;
            const n = index + 1;
            return (
              <li
                key={`${src}-${index}`}
                className={cn(
                  "grid grid-cols-[7rem_minmax(0,1fr)] overflow-hidden rounded-xl border bg-ivory/60 sm:block",
                  isMain ? "border-brass ring-2 ring-brass/40" : "border-ink/10",
                )}
              >
                <div className="relative aspect-square self-start bg-sand/60">
                  <Img
                    src={src}
                    alt={`Photo ${n}`}
                    width={320}
                    height={320}
                    sizes="200px"
                    maxWidth={320}
                    className="absolute inset-0 size-full object-cover"
                  />
                  {isMain && (
                    <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-ink whitespace-nowrap px-2.5 py-1 text-xs font-medium text-ivory">
                      <Star className="size-3 fill-brass-light text-brass-light" aria-hidden="true" /> Principale
                    </span>
                  )}
                </div>
                <div className="flex min-w-0 flex-col justify-between">
                  <PictureAlt
                    n={n}
                    value={value.alts[index] ?? ""}
                    placeholder={machinePhotoAlt(machineName, index)}
                    error={errors[`machine.image_alts.${index}`]}
                    onChange={(alt) => onChange(setImageAlt(value, index, alt))}
                  />
                  <div className="flex items-center justify-between gap-1 border-t border-ink/8 p-1.5">
                    <div className="flex">
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={`Déplacer la photo ${n} vers la gauche`}
                        disabled={index === 0}
                        onClick={() => onChange(moveImage(value, index, -1))}
                      >
                        <ArrowLeft aria-hidden="true" />
                      </Button>
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={`Déplacer la photo ${n} vers la droite`}
                        disabled={index === images.length - 1}
                        onClick={() => onChange(moveImage(value, index, 1))}
                      >
                        <ArrowRight aria-hidden="true" />
                      </Button>
                    </div>
                    <div className="flex">
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={`Choisir la photo ${n} comme photo principale`}
                        aria-pressed={isMain}
                        onClick={() => onChange(setMainImage(value, index))}
                      >
                        <Star className={cn(isMain && "fill-brass text-brass")} aria-hidden="true" />
                      </Button>
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={`Retirer la photo ${n}`}
                        onClick={() => onChange(removeImage(value, index))}
                      >
                        <Trash2 className="text-danger" aria-hidden="true" />
                      </Button>
                    </div>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <UploadField
        bucket="machine-images"
        label="Ajouter une photo"
        value={null}
        onUploaded={({ url }) => onChange(addImage(value, url))}
      />
    </div>
  );
}

/** One picture's description, under it. */
function PictureAlt({
  n,
  value,
  placeholder,
  error,
  onChange,
}: {
  n: number;
  value: string;
  placeholder: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1 px-2.5 pt-2.5 pb-2">
      <label htmlFor={id} className="block text-xs font-medium text-ink">
        Description<span className="sr-only"> de la photo {n}</span>
      </label>
      <Input
        id={id}
        compact
        name={`machine.image_alts.${n - 1}`}
        value={value}
        maxLength={TEXT_LIMITS.alt}
        placeholder={placeholder}
        title={value ? undefined : `Laissée vide : « ${placeholder} »`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {error && (
        <p id={`${id}-err`} className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A step shows an image or a video: choosing one clears the other (the callers apply setStepImage /
 * setStepVideo). */
export function StepMediaEditor({
  value,
  onImage,
  onVideo,
  labelSuffix = "",
}: {
  value: { image: string | null; video: string | null };
  onImage: (url: string | null) => void;
  onVideo: (url: string | null) => void;
  labelSuffix?: string;
}) {
  return (
    <div className="space-y-2">
      <div className="grid gap-4 md:grid-cols-2">
        <UploadField
          bucket="machine-step-images"
          label={`Image${labelSuffix}`}
          value={value.image}
          onUploaded={({ url }) => onImage(url)}
          onRemove={() => onImage(null)}
        />
        <UploadField
          bucket="machine-step-videos"
          label={`Vidéo${labelSuffix}`}
          value={value.video}
          onUploaded={({ url }) => onVideo(url)}
          onRemove={() => onVideo(null)}
        />
      </div>
      <p className="text-xs text-stone">Une étape montre une image ou une vidéo : en choisir une remplace l'autre.</p>
    </div>
  );
}

/** What a step's picture shows. Left empty, the picture is decorative: the step's title is beside it. */
export function StepImageAlt({
  id,
  label,
  name,
  value,
  defaultValue,
  error,
  onChange,
}: {
  id: string;
  label: string;
  /** Named when the field posts itself (the step dialog); the machine form posts its steps as a list. */
  name?: string;
  value?: string;
  defaultValue?: string;
  error?: string;
  onChange?: (value: string) => void;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        name={name}
        value={value}
        defaultValue={defaultValue}
        maxLength={TEXT_LIMITS.alt}
        placeholder="Vide : image décorative"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${id}-err` : hintId}
        onChange={onChange && ((e) => onChange(e.currentTarget.value))}
      />
      <p id={hintId} className="text-xs text-stone">
        {typography(
          "Pour les personnes qui ne voient pas l'image. Laissée vide, l'image est décorative : le titre de l'étape l'accompagne déjà.",
        )}
      </p>
      {error && (
        <p id={`${id}-err`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
