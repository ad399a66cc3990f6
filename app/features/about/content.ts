/** The four steps of working with us (visit, installation, adjustment, refilling), shown on /notre-offre (the about page's are edited in /edit-pages). */
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
