// What the staff read about a request's emails: what each is for, and where its sending stands.

/** What the staff read about an email of a request (its purpose). */
export const EMAIL_PURPOSE_LABELS: Record<string, string> = {
  "staff-notification": "Avis à l'équipe",
  "prospect-confirmation": "Confirmation au client",
  reply: "Réponse de l'équipe",
  proposal: "Proposition envoyée au client",
  "proposal-resent": "Proposition renvoyée au client",
  "proposal-accepted": "Avis à l'équipe : proposition acceptée",
  "proposal-changes": "Avis à l'équipe : modifications demandées",
  "proposal-accepted-client": "Confirmation au client : proposition acceptée",
  "installation-planned": "Date d'installation envoyée au client",
  "service-ticket": "Signalement transmis à l'équipe du service",
  "service-reply": "Réponse envoyée pour un signalement",
  "monthly-report": "Rapport mensuel envoyé au client",
  "team-invitation": "Invitation à l'équipe",
  assignment: "Demande confiée à un membre de l'équipe",
  "password-reset": "Lien pour un nouveau mot de passe",
  "security-notice": "Avis de sécurité du compte",
};

export type EmailState = "pending" | "sent" | "failed";

export function emailStateLabel(state: EmailState, attempts: number): string {
  if (state === "sent") return "Accepté par le serveur de courriel";
  if (state === "failed") return "Échec de l'envoi";
  return attempts === 0 ? "En cours d'envoi" : "Nouvel essai prévu";
}
