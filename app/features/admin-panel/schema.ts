// The staff panel's mutations (/edit), one zod object per intent, as its forms post them.
import { z } from "../../lib/zod";
import type { StaffActionResult } from "~/lib/staff-action";

export const PanelActionSchema = z.discriminatedUnion("intent", [
  /** A video just stored in homepage-videos, by its object name: it becomes the hero video. */
  z.object({ intent: z.literal("video-uploaded"), name: z.string().min(1).max(200) }),
  z.object({ intent: z.literal("delete-video") }),
]);

export type PanelIntent = z.output<typeof PanelActionSchema>["intent"];
export const PANEL_INTENTS: readonly PanelIntent[] = ["video-uploaded", "delete-video"];

/** What /edit answers. */
export type PanelActionResult = StaffActionResult<PanelIntent>;

export const PANEL_MSG = {
  videoRemoved: "Vidéo retirée",
  videoRemovedDetail: "L'accueil affiche maintenant le fond dégradé.",
  videoNotPlaced: "La vidéo n'a pas pu être mise en place.",
  videoNotRemoved: "Erreur lors de la suppression de la vidéo. Veuillez réessayer.",
} as const;
