// The goals the statistics count, with the names the dashboard shows. Browser goals are sent by the
// collection script when tapped; server goals are recorded by the server when the thing happens.

export const BROWSER_GOALS = {
  appel_telephone: "Appel (numéro de téléphone touché)",
  instagram: "Bouton Instagram",
  accueil_action: "Bouton principal de l'accueil",
} as const;

const SERVER_GOALS = {
  demande_envoyee: "Demande envoyée",
  proposition_vue: "Proposition vue",
  proposition_acceptee: "Proposition acceptée",
} as const;

type BrowserGoal = keyof typeof BROWSER_GOALS;
export type ServerGoal = keyof typeof SERVER_GOALS;
export type Goal = BrowserGoal | ServerGoal;

export const GOAL_LABELS: Record<Goal, string> = { ...BROWSER_GOALS, ...SERVER_GOALS };

/** The goal the conversion rate counts: visitors who sent a request ÷ visitors. */
export const CONVERSION_GOAL: ServerGoal = "demande_envoyee";

/** Visitors who sent a request ÷ visitors, between 0 and 1 (0 without visitors). A visitor who sent two
 * requests counts once; the bound holds even for totals kept before that rule. */
export function conversionRate(visitorsWhoAsked: number, visitors: number): number {
  return visitors > 0 ? Math.min(1, Math.max(0, visitorsWhoAsked) / visitors) : 0;
}
