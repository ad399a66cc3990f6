// What the activity log says, in French: the staff screen a change was made on, and what was done, by
// the intent its form posted. Every intent a staff screen posts has a label (labels.test.ts reads the
// screens' schemas and actions to hold it so).

import { isUuid } from "~/rules/id";

/** The staff screens, by their path's first segment, as the log names them. */
export const AREA_LABELS: Record<string, string> = {
  edit: "Panneau d'administration",
  "edit-products": "Produits et étiquettes",
  "edit-machines": "Machines, catégories et étapes",
  "edit-gallery": "Galerie",
  "edit-demandes": "Demandes de contact",
  "edit-pages": "Pages et réglages",
  "edit-redirects": "Redirections",
  "edit-equipe": "Équipe",
  "edit-compte": "Mon compte",
  "edit-propositions": "Propositions",
  "edit-installations": "Parc installé",
  "edit-service": "Service",
  "creer-machine": "Créer ma machine",
};

/** What was done, by screen (path segment) and intent. A form that posts no intent is recorded under
 * its method ('post'). */
export const ACTION_LABELS: Record<string, Record<string, string>> = {
  edit: {
    "video-uploaded": "Vidéo d'accueil remplacée",
    "delete-video": "Vidéo d'accueil supprimée",
  },
  "edit-products": {
    create: "Produit ajouté",
    update: "Produit enregistré",
    delete: "Produit supprimé",
    "create-tag": "Étiquette ajoutée",
  },
  "edit-machines": {
    "save-machine": "Machine enregistrée",
    "delete-machine": "Machine supprimée",
    "save-category": "Catégorie enregistrée",
    "delete-category": "Catégorie supprimée",
    "save-step": "Étape enregistrée",
    "delete-step": "Étape supprimée",
  },
  "edit-gallery": {
    add: "Photos ajoutées",
    feature: "Vedette d'une photo changée",
    reorder: "Ordre des photos changé",
    describe: "Description d'une photo changée",
    delete: "Photo supprimée",
  },
  "edit-service": {
    "prendre-en-charge": "Signalement pris en charge",
    rouvrir: "Signalement rouvert",
    confier: "Signalement confié",
    resoudre: "Signalement résolu",
    note: "Note ajoutée à un signalement",
    repondre: "Réponse envoyée pour un signalement",
  },
  "edit-demandes": {
    renvoyer: "Demande renvoyée à l'outil de suivi",
    statut: "Étape de la demande changée",
    assigner: "Demande confiée",
    note: "Note ajoutée à une demande",
    "note-modifier": "Note d'une demande modifiée",
    repondre: "Réponse envoyée au client",
    "renvoyer-courriel": "Courriel renvoyé",
    liberer: "Demande sortie des indésirables",
    supprimer: "Demande effacée",
    "effacer-personne": "Personne effacée sur demande",
  },
  "edit-pages": {
    draft: "Brouillon enregistré",
    publish: "Page publiée",
    discard: "Brouillon abandonné",
    restore: "Version restaurée",
  },
  "edit-redirects": {
    add: "Redirection ajoutée",
    delete: "Redirection retirée",
  },
  "edit-propositions": {
    resend: "Lien de la proposition renvoyé",
    "save-template": "Modèle de proposition enregistré",
    // The machine editor's 'Supprimer le modèle' posts to /edit-propositions/modele/:machineId.
    "clear-template": "Modèle de proposition supprimé",
    // Lines written when that form named no intent.
    post: "Modèle de proposition supprimé",
  },
  "edit-installations": {
    planifier: "Installation planifiée",
    "changer-date": "Date d'une installation changée",
    "changer-statut": "Statut d'une installation changé",
    "changer-disposition": "Disposition d'une installation modifiée",
    "prevoir-echange": "Échange de produit prévu",
    "echange-fait": "Échange de produit fait",
    "annuler-echange": "Échange de produit annulé",
  },
  "edit-compte": {
    "mot-de-passe": "Mot de passe changé",
    nom: "Nom affiché changé",
    // Its passkeys, posted to /edit-compte/cles (the prompt's options write no line).
    "cle-preparer": "Ajout d'une clé d'accès commencé",
    "cle-ajouter": "Clé d'accès ajoutée",
    "cle-retirer": "Clé d'accès retirée",
    // Its authenticator app, posted to /edit-compte/application.
    commencer: "Configuration de l'application d'authentification commencée",
    annuler: "Configuration de l'application d'authentification annulée",
    activer: "Application d'authentification activée",
    "nouveaux-codes": "Nouveaux codes de récupération",
    desactiver: "Application d'authentification désactivée",
  },
  "edit-equipe": {
    inviter: "Personne invitée",
    roles: "Rôles changés",
    desactiver: "Compte désactivé",
    reactiver: "Compte réactivé",
    "annuler-invitation": "Invitation annulée",
    "renvoyer-invitation": "Invitation renvoyée",
    "deuxieme-etape": "Connexion renforcée changée",
  },
  "creer-machine": {
    "send-proposal": "Proposition envoyée",
    "save-template": "Modèle de proposition enregistré",
  },
};

/** An intent the log does not know (a line written before its label existed). */
export const UNKNOWN_ACTION = "Modification enregistrée";

/** The path segment of the screen a stored area names: its label, or '/segment' for a screen without one. */
export function areaSegment(area: string): string | null {
  const known = Object.entries(AREA_LABELS).find(([, label]) => label === area);
  if (known) return known[0];
  const match = /^\/([a-z0-9-]+)$/.exec(area);
  return match ? match[1]! : null;
}

/** The area as the log names it, for a path segment. */
export function areaLabel(segment: string): string {
  return Object.hasOwn(AREA_LABELS, segment) ? AREA_LABELS[segment]! : `/${segment}`;
}

/** What was done, in French. */
export function actionLabel(area: string, action: string): string {
  const segment = areaSegment(area);
  const labels = segment && Object.hasOwn(ACTION_LABELS, segment) ? ACTION_LABELS[segment]! : {};
  return Object.hasOwn(labels, action) ? labels[action]! : UNKNOWN_ACTION;
}

/** What a line says about the item: nothing for a bare id (lines written before items were named). */
export function itemText(summary: string): string | null {
  const text = summary.trim();
  return text === "" || isUuid(text) ? null : text;
}

/** An item named by its name: « Signature ». */
export const quoted = (name: string) => `« ${name} »`;
