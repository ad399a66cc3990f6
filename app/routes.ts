import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { GUARDED_LAYOUT, GUARDED_ROUTES, SIGN_IN_ROUTES } from "./rules/staff-paths";

// Each route file is named after its URL (French for the public pages). The staff screens are listed in
// rules/staff-paths.ts; guarded ones sit under one layout whose middleware answers 'Page non trouvée' (404)
// to visitors who are not signed in.
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
  ...SIGN_IN_ROUTES.map(([path, file]) => route(path, file)),
  route("proposition/:jeton", "routes/proposition.tsx"),
  route("proposition/:jeton/pdf", "routes/proposition-pdf.ts"),
  route("proposition/:jeton/vue", "routes/proposition-vue.ts"),
  route("m", "routes/m-index.ts"),
  route("m/:code", "routes/m.tsx"),
  route("desabonnement/:jeton", "routes/desabonnement.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  layout(
    GUARDED_LAYOUT,
    GUARDED_ROUTES.map(([path, file]) => route(path, file)),
  ),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
