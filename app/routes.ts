import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Mirrors the spec's route table (section 2). Guarded pages sit under one layout whose middleware
// answers 'Page non trouvée' (404) to visitors who are not signed in.
export default [
  index("routes/home.tsx"),
  route("galerie", "routes/galerie.tsx"),
  route("notre-offre", "routes/notre-offre.tsx"),
  route("contact", "routes/contact.tsx"),
  route("confirmation", "routes/confirmation.tsx"),
  route("politique-de-confidentialite", "routes/politique-de-confidentialite.tsx"),
  route("produits", "routes/produits.tsx"),
  route("produits/:produitId", "routes/produit.tsx"),
  route("machines", "routes/machines.tsx"),
  route("machines/:categorieId", "routes/machines-categorie.tsx"),
  route("machines/:categorieId/:machineId", "routes/machine.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  layout("routes/_guarded.tsx", [
    route("creer-machine", "routes/creer-machine.tsx"),
    route("creer-machine/:machineId", "routes/creer-machine-id.tsx"),
    route("about", "routes/about.tsx"),
    route("edit", "routes/edit.tsx"),
    route("edit/sauvegarde", "routes/edit-sauvegarde.tsx"),
    route("edit-products", "routes/edit-products.tsx"),
    route("edit-machines", "routes/edit-machines.tsx"),
    route("edit-gallery", "routes/edit-gallery.tsx"),
    route("edit-demandes", "routes/edit-demandes.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
