// The product form's parts: its information fields, its pictures and its action bar. Each reads the
// form's values and changes them with `set`.
import { LoaderCircle, Save, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Checkbox, Field, Input, Textarea } from "~/components/ui/field";
import { UploadField } from "~/features/uploads/upload-field";
import { PLACEHOLDER_IMAGE, PRODUCT_LIMITS, type ProductField, type ProductFormInput } from "./schema";

type FieldsProps = {
  values: ProductFormInput;
  set: <K extends keyof ProductFormInput>(key: K, value: ProductFormInput[K]) => void;
  errors: Partial<Record<ProductField, string>>;
};

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

export function ProductImagesFields({ values, set, errors }: FieldsProps) {
  return (
    <fieldset className="space-y-5">
      <legend className="mb-4 text-sm font-semibold tracking-wide text-stone uppercase">Images</legend>
      <div className="grid gap-6 md:grid-cols-2">
        <UploadField
          bucket="product-images"
          label="Image principale"
          value={values.image}
          onUploaded={(result) => set("image", result.url)}
          onRemove={() => set("image", PLACEHOLDER_IMAGE)}
          failureMessage="Erreur lors du téléchargement"
        />
        <UploadField
          bucket="product-images"
          label="Image nutritionnelle"
          value={values.nutrition_image}
          onUploaded={(result) => set("nutrition_image", result.url)}
          onRemove={() => set("nutrition_image", PLACEHOLDER_IMAGE)}
          failureMessage="Erreur lors du téléchargement"
        />
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
