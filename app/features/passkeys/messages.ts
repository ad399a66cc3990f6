// What the passkey screens say (sign-in, Mon compte, invitation), shared by the server's answers and the
// browser's own messages (a prompt cancelled, a browser without passkeys).
import { MSG } from "~/lib/messages";

export const PASSKEY_MESSAGES = {
  unreadable: "La réponse de la clé d'accès est illisible. Rechargez la page, puis réessayez.",
  expired: "La demande a expiré. Touchez de nouveau le bouton pour réessayer.",
  unknown:
    "Cette clé d'accès n'est pas reconnue : elle a peut-être été retirée de votre compte. Connectez-vous avec votre mot de passe.",
  invalid: "La clé d'accès n'a pas pu être vérifiée. Réessayez.",
  inactive: "Ce compte est désactivé. Adressez-vous au propriétaire du site pour le réactiver.",
  throttled: MSG.loginThrottled,
  cancelled: "Aucune clé d'accès n'a servi : la demande a été annulée, ou cet appareil n'en garde pas pour ce site.",
  addCancelled: "Ajout de la clé d'accès annulé.",
  already: "Cet appareil garde déjà une clé d'accès pour votre compte.",
  wrongSite: "Les clés d'accès ne fonctionnent qu'à l'adresse habituelle du site.",
  failed: "L'appareil n'a pas pu utiliser de clé d'accès. Réessayez, ou utilisez votre mot de passe.",
  network: "Le site ne répond pas. Vérifiez votre connexion, puis réessayez.",
  unsupported: "Ce navigateur ne permet pas d'utiliser les clés d'accès.",
  gone: "Cette clé d'accès n'est plus dans votre compte.",
  lastWay:
    "C'est votre seule façon de vous connecter : ajoutez d'abord une autre clé d'accès, ou choisissez un mot de passe avec « Mot de passe oublié ? » sur la page de connexion.",
  busy: "Le serveur est très sollicité. Veuillez réessayer dans un instant.",
} as const;
