// The product form's parts: its information fields, its pictures with their texts and its action bar.
// Each reads the form's values and changes them with `set`; every input is named as the form posts it.
import { LoaderCircle, Save, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Checkbox, Field, Input, LengthHint, Textarea } from "~/components/ui/field";
import { derivedImageAlt, derivedNutritionImageAlt } from "~/features/catalogue/product-texts";
import { UploadField } from "~/features/uploads/upload-field";
import type { FieldErrors } from "~/lib/staff-action";
import { PLACEHOLDER_IMAGE, PRODUCT_LIMITS, type ProductFormValues } from "./schema";

export type FieldsProps = {
  values: ProductFormValues;
  set: <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => void;
  errors: FieldErrors;
};

/** The product's name as the derived texts use it while the form is being filled. */
export const nameOrDefault = (values: ProductFormValues) => values.nom.trim() || "Nom du produit";

export function ProductInformationFields({ values, set, errors }: FieldsProps) {
  return (
    <fieldset className="space-y-5">
      <legend className="mb-4 text-sm font-semibold tracking-wide text-stone uppercase">Informations</legend>
      <Field label="Nom" required error={errors.nom}>
        {(p) => (
          <Input
            {...p}
            name="nom"
            value={values.nom}
            maxLength={PRODUCT_LIMITS.nom}
            onChange={(e) => set("nom", e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Prix ($)" required error={errors.prix} hint="Par exemple 2,50">
          {(p) => (
            <Input
              {...p}
              name="prix"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              value={values.prix}
              onChange={(e) => set("prix", e.target.value)}
            />
          )}
        </Field>
        <Field label="Classement" error={errors.ranking} hint="Facultatif : un nombre entier, 1 = premier.">
          {(p) => (
            <Input
              {...p}
              name="ranking"
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              value={values.ranking}
              onChange={(e) => set("ranking", e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label="Description" required error={errors.description}>
        {(p) => (
          <Textarea
            {...p}
            name="description"
            value={values.description}
            maxLength={PRODUCT_LIMITS.description}
            onChange={(e) => set("description", e.target.value)}
          />
        )}
      </Field>
      <Field label="Ingrédients" error={errors.ingredients} hint="Facultatif.">
        {(p) => (
          <Textarea
            {...p}
            name="ingredients"
            compact
            value={values.ingredients}
            maxLength={PRODUCT_LIMITS.ingredients}
            onChange={(e) => set("ingredients", e.target.value)}
          />
        )}
      </Field>
      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- Checkbox renders the <input type="checkbox"> inside this label */}
      <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-ink/10 bg-ivory/60 p-4 has-[:checked]:border-brass has-[:checked]:bg-brass-light/20">
        <Checkbox
          name="dans_notre_top_10_des_plus_gros_vendeur"
          checked={values.dans_notre_top_10_des_plus_gros_vendeur}
          onChange={(e) => set("dans_notre_top_10_des_plus_gros_vendeur", e.target.checked)}
          className="mt-0.5"
        />
        <span>
          <span className="block text-sm font-medium">Top 10 vendeurs</span>
          <span className="block text-xs text-stone">Le produit porte le badge « Top 10 » dans le catalogue.</span>
        </span>
      </label>
    </fieldset>
  );
}

const ALT_HINT = "Pour qui ne voit pas l'image. Vide : le texte proposé en gris.";

/** A picture's text for those who cannot see it; empty keeps the derived one, shown as its placeholder. */
function AltTextField({
  label,
  name,
  derived,
  values,
  set,
  errors,
  hint = ALT_HINT,
}: FieldsProps & {
  label: string;
  name: "image_alt" | "nutrition_image_alt" | "share_image_alt";
  derived: string;
  hint?: string;
}) {
  return (
    <Field
      label={label}
      error={errors[name]}
      hint={
        <LengthHint value={values[name]} max={PRODUCT_LIMITS.alt}>
          {hint}
        </LengthHint>
      }
    >
      {(p) => (
        <Input
          {...p}
          name={name}
          value={values[name]}
          placeholder={derived}
          autoComplete="off"
          onChange={(e) => set(name, e.target.value)}
        />
      )}
    </Field>
  );
}

export function ProductImagesFields(props: FieldsProps) {
  const { values, set, errors } = props;
  const nom = nameOrDefault(values);
  return (
    <fieldset className="space-y-5">
      <legend className="mb-4 text-sm font-semibold tracking-wide text-stone uppercase">Images</legend>
      <input type="hidden" name="image" value={values.image} />
      <input type="hidden" name="nutrition_image" value={values.nutrition_image} />
      <div className="grid grid-cols-1 gap-x-6 gap-y-8 md:grid-cols-2 [&>*]:min-w-0">
        <div className="space-y-4">
          <UploadField
            bucket="product-images"
            label="Image principale"
            value={values.image}
            onUploaded={(result) => set("image", result.url)}
            onRemove={() => set("image", PLACEHOLDER_IMAGE)}
            failureMessage="Erreur lors du téléchargement"
          />
          <AltTextField
            {...props}
            label="Texte de remplacement de la photo"
            name="image_alt"
            derived={derivedImageAlt(nom)}
          />
        </div>
        <div className="space-y-4">
          <UploadField
            bucket="product-images"
            label="Image nutritionnelle"
            value={values.nutrition_image}
            onUploaded={(result) => set("nutrition_image", result.url)}
            onRemove={() => set("nutrition_image", PLACEHOLDER_IMAGE)}
            failureMessage="Erreur lors du téléchargement"
          />
          <AltTextField
            {...props}
            label="Texte de remplacement du tableau nutritionnel"
            name="nutrition_image_alt"
            derived={derivedNutritionImageAlt(nom)}
          />
        </div>
      </div>
      {(errors.image || errors.nutrition_image) && (
        <p className="text-sm text-danger">{errors.image ?? errors.nutrition_image}</p>
      )}
    </fieldset>
  );
}

export function ProductFormActions({
  mode,
  saving,
  onDelete,
  onCancel,
}: {
  mode: "add" | "edit";
  saving: boolean;
  onDelete?: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-ink/8 bg-white/95 px-5 py-4 backdrop-blur sm:px-7">
      {mode === "edit" && onDelete && (
        <Button variant="dangerGhost" onClick={onDelete} disabled={saving}>
          <Trash2 aria-hidden="true" /> Supprimer
        </Button>
      )}
      <div className="ml-auto flex gap-3">
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Annuler
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          {saving ? "Enregistrement…" : mode === "add" ? "Ajouter le produit" : "Enregistrer"}
        </Button>
      </div>
    </div>
  );
}
