// The goals the statistics count, with the names the dashboard shows. Browser goals are sent by the
// collection script when tapped; server goals are recorded by the server when the thing happens.

export const BROWSER_GOALS = {
  appel_telephone: "Appel (numéro de téléphone touché)",
  instagram: "Bouton Instagram",
  accueil_action: "Appel à l'action de l'accueil",
} as const;

export const SERVER_GOALS = {
  demande_envoyee: "Demande envoyée",
  proposition_vue: "Proposition vue",
  proposition_acceptee: "Proposition acceptée",
} as const;

export type BrowserGoal = keyof typeof BROWSER_GOALS;
export type ServerGoal = keyof typeof SERVER_GOALS;
export type Goal = BrowserGoal | ServerGoal;

export const GOAL_LABELS: Record<Goal, string> = { ...BROWSER_GOALS, ...SERVER_GOALS };

/** The goal the conversion rate counts: requests ÷ visitors. */
export const CONVERSION_GOAL: ServerGoal = "demande_envoyee";
