// Each edited page's own search title and description, read by its route's meta (in the visitors'
// bundle, so apart from the editor's longer lists); the staff's values in /edit-pages win over them.
/** Each page's own title and description in search results and shared links. */
export const PAGE_SEO: Record<
  "home" | "offer" | "about" | "contact" | "confirmation",
  { title: string; description: string }
> = {
  home: {
    title: "Distributrices haut de gamme à Québec et Lévis",
    description:
      "Plus qu'une machine, votre image : nous installons et entretenons gratuitement des distributrices haut de gamme dans les entreprises de Québec et Lévis.",
  },
  offer: {
    title: "Notre offre : machines, produits et service clé en main",
    description:
      "Choisissez la machine parfaite, des produits qui se démarquent, et laissez-nous faire le reste : installation et entretien gratuits à Québec et Lévis.",
  },
  about: {
    title: "À propos de nous",
    description:
      "Installation en moins de 24 h, service gratuit, soutien local 7 jours sur 7 : notre façon de travailler, en quatre étapes.",
  },
  contact: {
    title: "Contactez-nous : une distributrice pour votre entreprise",
    description:
      "Demandez une distributrice haut de gamme pour votre entreprise à Québec ou Lévis : installation gratuite, réponse en moins de 24 heures.",
  },
  confirmation: {
    title: "Demande reçue !",
    description: "Merci ! Votre demande est bien reçue : nous vous contacterons dans les 24 heures.",
  },
};
