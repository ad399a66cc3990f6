// What the password reset pages answer, shared by the pages and their actions.
export const RESET_MESSAGES = {
  email: "Entrez une adresse courriel valide, par exemple nom@entreprise.ca.",
  sent: "Si un compte du personnel correspond à cette adresse, un courriel vient de partir avec un lien valable une heure. Pensez à regarder dans les indésirables.",
  throttled: "Trop de demandes : attendez quelques minutes avant de réessayer.",
  invalid: "Ce lien n'est plus valide : il a déjà servi ou il a expiré. Demandez-en un nouveau.",
  short: "Le mot de passe doit compter au moins 12 caractères.",
  long: "Le mot de passe compte au plus 200 caractères.",
  mismatch: "Les deux mots de passe ne sont pas identiques.",
  busy: "Le serveur est très sollicité. Veuillez réessayer dans un instant.",
} as const;

export type ResetRequestResult = { sent: true } | { error: string };
export type ResetResult = { error: string; field?: "password" | "confirmation" };
