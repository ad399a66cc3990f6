/** Gallery toasts: short French titles, details as descriptions. */
export const GALLERY_MSG = {
  success: "Succès",
  loadError: "Impossible de charger les photos",
  uploadError: "Erreur lors du téléchargement",
  updateError: "Erreur lors de la modification",
  deleteError: "Erreur lors de la suppression",
  notImage: "Veuillez sélectionner une image",
  confirmDelete: "Êtes-vous sûr de vouloir supprimer cette photo ?",
  formats: "Formats acceptés : JPEG, PNG, WebP, AVIF ou GIF.",
} as const;
