/** The four steps of working with us (visit, installation, adjustment, refilling), shown on /about and /notre-offre. */
export const PROCESS_STEPS = [
  {
    title: "Visite des lieux",
    text: "Nous visitons votre espace pour choisir l'emplacement, évaluer l'achalandage et comprendre les habitudes de votre équipe.",
  },
  {
    title: "Livraison et installation",
    text: "Votre distributrice est livrée, installée et remplie en moins de 24 heures, sans aucuns frais pour vous.",
  },
  {
    title: "Période d'ajustement des produits",
    text: "Les premières semaines, nous suivons les ventes et ajustons la sélection pour garder ce qui plaît vraiment.",
  },
  {
    title: "Remplissage et entretien continus",
    text: "Nous remplissons, nettoyons et entretenons la machine en continu : vous n'avez jamais à vous en occuper.",
  },
] as const;

/** The four benefit cards of /about. */
export const BENEFITS = [
  {
    title: "Installation en moins de 24 h",
    text: "Dès l'emplacement choisi, votre machine est livrée, branchée et prête à servir en moins de 24 heures.",
  },
  {
    title: "Service 100\u00a0% gratuit",
    text: "Machine, installation, remplissage et entretien ne vous coûtent rien : nous nous rémunérons uniquement sur les ventes.",
  },
  {
    title: "Soutien local 7 jours sur 7",
    text: "Une équipe de Québec et Lévis, joignable tous les jours, qui intervient rapidement sur place.",
  },
  {
    title: "Réponse en moins de 24 heures",
    text: "Chaque demande reçoit une réponse dans les 24 heures, et notre service reste disponible 24/7.",
  },
] as const;
