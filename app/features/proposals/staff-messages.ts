// What the staff's proposal screens say, shared by the customiser's, the list's and the machine
// editor's actions.
import { MSG } from "~/lib/messages";
import type { StaffToast } from "~/lib/staff-action";

export const STAFF_MSG = {
  unknownAction: "Action inconnue.",
  sentTitle: "Configuration prête",
  sentText: "Les données de configuration ont été générées.",
  templateSavedTitle: "Modèle enregistré",
  templateSavedText: "Les prochaines propositions de cette machine partiront de cette disposition.",
  templateCleared: "Modèle de proposition supprimé",
  resent: "Le lien a été renvoyé au client.",
  notResent: "Cette proposition n'existe plus ou le courriel n'est pas configuré.",
} as const;

/** The toast of a refused post: a body that is not a form, or one naming no action the form knows (a
 * page older than the server's code). */
export const refusedToast = (read: { unreadable?: boolean }): StaffToast => ({
  type: "error",
  title: MSG.error,
  description: read.unreadable ? MSG.formUnreadable : STAFF_MSG.unknownAction,
});
