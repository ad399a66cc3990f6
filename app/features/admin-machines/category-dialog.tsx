// Add or edit a category (in a dialog): its name, description, picture and the picture's description,
// then 'Recherche et partage' with the live preview of its public page.
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { DialogContent } from "~/components/ui/dialog";
import { Field, Input, Textarea } from "~/components/ui/field";
import { UploadField } from "~/features/uploads/upload-field";
import { isRealMedia } from "~/features/catalogue/media";
import { categoryDerivedSeo, type Picture, type SearchAndSharingFields } from "~/features/machines/seo";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { searchAndSharingOf } from "./form-state";
import {
  ADMIN_MESSAGES,
  AdminMachinesActionSchema,
  TEXT_LIMITS,
  validationToast,
  type AdminActionResult,
} from "./schema";
import { MachineSearchFields } from "./search-and-sharing";

/** A category as the categories tab lists it and this dialog edits it. */
export type CategoryRow = {
  id: string;
  nom: string;
  description: string | null;
  image: string | null;
  image_alt: string | null;
} & SearchAndSharingFields;

const ACTION = "/edit-machines";

export function CategoryDialog({
  category,
  firstMachinePicture,
  onDone,
}: {
  category: CategoryRow | null;
  /** Shared when the category has no picture of its own. */
  firstMachinePicture: Picture | null;
  onDone: () => void;
}) {
  const [nom, setNom] = useState(category?.nom ?? "");
  const [description, setDescription] = useState(category?.description ?? "");
  const [image, setImage] = useState<string | null>(category?.image ?? null);
  const [imageAlt, setImageAlt] = useState(category?.image_alt ?? "");
  const [search, setSearch] = useState(() => searchAndSharingOf(category));
  const fetcher = useFetcher<AdminActionResult>();
  const { fieldErrors, setFieldErrors, pending } = useStaffAction(fetcher, (result) => result.ok && onDone());
  const ownPicture = isRealMedia(image) ? { src: image, alt: imageAlt.trim() || null } : null;

  return (
    <DialogContent title={category ? "Modifier la catégorie" : "Nouvelle catégorie"} width="2xl">
      <fetcher.Form
        method="post"
        action={ACTION}
        onSubmit={(event) => setFieldErrors(checkBeforeSending(event, AdminMachinesActionSchema, validationToast))}
        noValidate
        className="space-y-5"
      >
        <input type="hidden" name="intent" value="save-category" />
        <input type="hidden" name="id" value={category?.id ?? ""} />
        <input type="hidden" name="category.image" value={image ?? ""} />
        <Field label="Nom de la catégorie" required error={fieldErrors["category.nom"]}>
          {(p) => (
            <Input
              {...p}
              name="category.nom"
              value={nom}
              onChange={(e) => setNom(e.currentTarget.value)}
              maxLength={200}
              autoFocus
            />
          )}
        </Field>
        <Field label="Description">
          {(p) => (
            <Textarea
              {...p}
              name="category.description"
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              maxLength={2000}
            />
          )}
        </Field>
        <UploadField
          bucket="machine-category-images"
          label="Image de la catégorie"
          value={image}
          onUploaded={({ url }) => setImage(url)}
          onRemove={() => {
            setImage(null);
            setImageAlt("");
          }}
          failureMessage={ADMIN_MESSAGES.categoryImageFailed}
        />
        {image && (
          <Field
            label="Description de l'image"
            hint="Pour les personnes qui ne voient pas l'image. Laissée vide, l'image est décorative : le nom de la catégorie l'accompagne déjà."
            error={fieldErrors["category.image_alt"]}
          >
            {(p) => (
              <Input
                {...p}
                name="category.image_alt"
                value={imageAlt}
                onChange={(e) => setImageAlt(e.currentTarget.value)}
                maxLength={TEXT_LIMITS.alt}
                placeholder="Vide : image décorative"
              />
            )}
          </Field>
        )}
        <section aria-labelledby="categorie-partage" className="space-y-4 border-t border-ink/8 pt-5">
          <div>
            <h3 id="categorie-partage" className="font-sans text-base font-semibold tracking-normal">
              Recherche et partage
            </h3>
            <p className="mt-1 text-sm text-stone">
              Ce que montrent un résultat de recherche et un lien partagé vers la page de la catégorie. Laissé vide,
              chaque champ reprend le texte de la page.
            </p>
          </div>
          <MachineSearchFields
            prefix="category"
            value={search}
            onChange={setSearch}
            derived={categoryDerivedSeo({ nom: nom.trim() || "Nouvelle catégorie", description })}
            defaultPicture={ownPicture ?? firstMachinePicture}
            defaultPictureName="l'image de la catégorie (sinon, la photo de sa première machine)"
            bucket="machine-category-images"
            path={`/machines/${category?.id ?? "…"}`}
            errors={fieldErrors}
          />
        </section>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Enregistrement..." : category ? "Enregistrer" : "Ajouter la catégorie"}
          </Button>
        </div>
      </fetcher.Form>
    </DialogContent>
  );
}
