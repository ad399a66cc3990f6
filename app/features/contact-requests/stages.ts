// Pure rules of the sales pipeline a request moves through: its stages, and what a reply does.
import type { LeadStage } from "../../../server/db/schema";

export type { LeadStage };

/** The stages in pipeline order, with what the staff read. */
export const STAGES: readonly { id: LeadStage; label: string }[] = [
  { id: "nouvelle", label: "Nouvelle" },
  { id: "en-cours", label: "En cours" },
  { id: "proposition-envoyee", label: "Proposition envoyée" },
  { id: "gagnee", label: "Gagnée" },
  { id: "perdue", label: "Perdue" },
];

export const STAGE_IDS = STAGES.map((stage) => stage.id) as [LeadStage, ...LeadStage[]];

export function stageLabel(stage: LeadStage): string {
  return STAGES.find((s) => s.id === stage)?.label ?? stage;
}

/** A reply from the site means someone is on it: a new request moves to 'En cours', others stay. */
export function stageAfterReply(stage: LeadStage): LeadStage {
  return stage === "nouvelle" ? "en-cours" : stage;
}
