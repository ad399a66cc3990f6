import { elide } from "./elision";

/** The site's French texts used in more than one place (toasts, validation, not-found screens). */
export const MSG = {
  error: "Erreur",
  requiredFields: "Veuillez remplir tous les champs obligatoires.",
  phoneRequired: "Veuillez entrer votre numéro de téléphone.",
  sendFailed: "Une erreur est survenue lors de l'envoi. Veuillez réessayer.",
  loginErrorTitle: "Erreur de connexion",
  loginErrorDescription: "Nom d'utilisateur ou mot de passe incorrect.",
  loginThrottled: "Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.",
  loginSuccess: "Connexion réussie",
  // Names the account that signed in (the specification's "connected as developer").
  loginSuccessDescription: (name: string) => `Session ouverte au nom ${elide("de", name)}.`,
  logoutSuccess: "Déconnexion réussie",
  saveErrorTitle: "Erreur de sauvegarde",
  unauthorized: "Votre session a expiré. Veuillez vous reconnecter.",
  pageNotFound: "Page non trouvée",
  formUnreadable: "Ce formulaire n'a pas pu être lu. Rechargez la page, puis réessayez.",
  installationGratuite: "Installation gratuite",
} as const;
