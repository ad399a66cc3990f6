// What /invitation/{token} answers, shared by the page and its action.
export const INVITATION_MESSAGES = {
  invalid:
    "Ce lien d'invitation ne fonctionne plus : il a déjà servi, il a expiré, ou une invitation plus récente l'a remplacé. Si votre compte est déjà créé, connectez-vous ; sinon, demandez une nouvelle invitation au propriétaire du site.",
  tooLong: "Le mot de passe compte au plus 200 caractères.",
  mismatch: "Les deux mots de passe ne sont pas identiques.",
  taken: "Un compte existe déjà pour cette adresse : connectez-vous avec elle.",
  busy: "Le serveur est très sollicité. Veuillez réessayer dans un instant.",
} as const;

export type InvitationResult = { error: string; field?: "password" | "confirmation" };
