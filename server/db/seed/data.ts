// Demo catalogue seeded into an empty database: French content, Québec flavour. Pure data; the
// pictures are drawn from the `art` fields by ./art.ts.

export type PackKind = "bag" | "bar" | "bottle" | "can" | "cup" | "bowl";
export type BagMotif = "chips" | "puffs" | "cubes" | "pretzels" | "nuts" | "cookies" | "slices";
export type CabinetModel = "slim" | "standard" | "wide";
export type SceneKind =
  | "office" | "school" | "gym" | "hospital" | "cafe" | "lobby" | "factory" | "hotel" | "campus" | "condo";
export type StepArt = "choose" | "pay" | "pickup";

export const TAGS = [
  "Sans gluten", "Végétalien", "Protéiné", "Local", "Sans sucre ajouté", "Bio", "Sans noix", "Énergisant",
] as const;

export type CategorySeed = {
  key: string;
  nom: string;
  description: string;
  scene: SceneKind;
  wall: string;
};

export const CATEGORIES: CategorySeed[] = [
  {
    key: "collations",
    nom: "Collations et boissons",
    description:
      "Nos distributrices polyvalentes : croustilles, barres, boissons froides et petites douceurs, toujours bien garnies par notre équipe.",
    scene: "office",
    wall: "#e9dfcf",
  },
  {
    key: "cafe",
    nom: "Café et boissons chaudes",
    description:
      "Café fraîchement moulu, lattes, chocolat chaud et thés : la pause parfaite, préparée en moins d'une minute.",
    scene: "cafe",
    wall: "#d9c3a8",
  },
  {
    key: "repas",
    nom: "Repas frais",
    description:
      "Sandwichs, salades et plats préparés par des traiteurs de la région, gardés au frais et renouvelés plusieurs fois par semaine.",
    scene: "hospital",
    wall: "#d8e3e0",
  },
  {
    key: "sante",
    nom: "Santé et micro-marché",
    description:
      "Des choix santé, bios et locaux pour les gyms, les écoles et les milieux de travail qui veulent bien nourrir leur monde.",
    scene: "gym",
    wall: "#dfe6d6",
  },
];

export type StepSeed = { numero: number; titre: string; description: string; art?: StepArt };

export const STEPS: StepSeed[] = [
  {
    numero: 1,
    titre: "Choisissez votre produit",
    description: "Parcourez la vitrine éclairée et repérez le code de votre collation ou de votre boisson préférée.",
    art: "choose",
  },
  {
    numero: 2,
    titre: "Faites votre sélection à l'écran",
    description: "Entrez le code sur l'écran tactile ou le clavier : le prix et les détails du produit s'affichent aussitôt.",
  },
  {
    numero: 3,
    titre: "Payez sans contact",
    description: "Approchez votre carte, votre téléphone ou votre montre du lecteur. Les cartes de débit et de crédit sont acceptées.",
    art: "pay",
  },
  {
    numero: 4,
    titre: "Le produit est livré en douceur",
    description: "Le plateau élévateur accompagne votre produit jusqu'en bas : rien ne tombe, rien ne s'abîme.",
  },
  {
    numero: 5,
    titre: "Récupérez-le au tiroir",
    description: "Ouvrez le tiroir de récupération au bas de la machine et servez-vous. Bonne pause!",
    art: "pickup",
  },
  {
    numero: 6,
    titre: "Recevez votre reçu",
    description: "Un reçu électronique est offert à l'écran; en cas de problème, le remboursement est automatique.",
  },
];

export type MachineSeed = {
  nom: string;
  category: string;
  description: string;
  dimensions: string;
  disponible_en_entrepot: boolean;
  temps_commande: string;
  avantages: string[];
  specifications: string[];
  produits_par_rangee: number;
  nombre_de_rangees: number;
  steps: number[];
  main_image_index: number;
  art: {
    model: CabinetModel;
    body: string;
    trim: string;
    fridge?: boolean;
    packs: PackKind[];
    scene: SceneKind;
    wall: string;
  };
};

export const MACHINES: MachineSeed[] = [
  {
    nom: "Boréal Classique",
    category: "collations",
    description:
      "La distributrice tout-en-un qui a fait notre réputation. Sa grande vitrine éclairée met en valeur plus de trente produits, du croustillant au sucré. Idéale pour les bureaux de 20 à 150 personnes.",
    dimensions: "183 × 97 × 90 cm",
    disponible_en_entrepot: true,
    temps_commande: "1-2 semaines",
    avantages: [
      "Éclairage DEL chaleureux et économe",
      "Paiement sans contact, carte et mobile",
      "Inventaire suivi à distance en temps réel",
      "Plateau élévateur anti-chute",
      "Entretien et remplissage inclus",
    ],
    specifications: [
      "Hauteur: 183 cm",
      "Largeur: 97 cm",
      "Profondeur: 90 cm",
      "Capacité: 36 sélections",
      "Paiement: Carte, sans contact et mobile",
      "Consommation: 2,1 kWh par jour",
    ],
    produits_par_rangee: 6,
    nombre_de_rangees: 6,
    steps: [1, 2, 3, 4, 5],
    main_image_index: 0,
    art: { model: "standard", body: "#1c1f26", trim: "#b8893b", packs: ["bag", "bar", "bag", "can"], scene: "office", wall: "#e7ddd0" },
  },
  {
    nom: "Boréal Compacte",
    category: "collations",
    description:
      "Toute la qualité Boréal dans un format étroit qui se glisse dans les petites salles de pause. Parfaite pour les cliniques, les commerces et les bureaux de moins de 30 personnes.",
    dimensions: "183 × 72 × 85 cm",
    disponible_en_entrepot: true,
    temps_commande: "1-2 semaines",
    avantages: [
      "Seulement 72 cm de largeur",
      "Se branche sur une prise standard",
      "Vitrine double vitrage isolée",
      "Sélection adaptée à votre équipe",
    ],
    specifications: [
      "Hauteur: 183 cm",
      "Largeur: 72 cm",
      "Profondeur: 85 cm",
      "Capacité: 25 sélections",
      "Paiement: Carte, sans contact et mobile",
    ],
    produits_par_rangee: 5,
    nombre_de_rangees: 5,
    steps: [1, 3, 5],
    main_image_index: 0,
    art: { model: "slim", body: "#efe7d8", trim: "#b8893b", packs: ["bar", "bag", "bar"], scene: "condo", wall: "#d7dfe6" },
  },
  {
    nom: "Boréal Grand Format",
    category: "collations",
    description:
      "Notre plus grande vitrine, pensée pour les usines, les campus et les centres sportifs achalandés. Jusqu'à 80 sélections pour satisfaire tous les goûts, de jour comme de nuit.",
    dimensions: "183 × 128 × 92 cm",
    disponible_en_entrepot: false,
    temps_commande: "3-4 semaines",
    avantages: [
      "Jusqu'à 80 sélections différentes",
      "Zone réfrigérée pour les boissons",
      "Télémétrie : alertes de rupture de stock",
      "Panneaux antivandalisme renforcés",
      "Écran tactile de 10 pouces",
    ],
    specifications: [
      "Hauteur: 183 cm",
      "Largeur: 128 cm",
      "Profondeur: 92 cm",
      "Capacité: 80 sélections",
      "Écran: Tactile 10 po",
      "Paiement: Carte, sans contact et mobile",
    ],
    produits_par_rangee: 10,
    nombre_de_rangees: 8,
    steps: [1, 2, 3, 4, 5, 6],
    main_image_index: 0,
    art: { model: "wide", body: "#1f3a33", trim: "#c9a25a", packs: ["bag", "can", "bar", "bottle"], scene: "factory", wall: "#d9d4c7" },
  },
  {
    nom: "Boréal Barista",
    category: "cafe",
    description:
      "Une vraie machine à café de spécialité : grains moulus à la tasse, lait frais et recettes signature comme le latte à l'érable. Le café d'un bon café du Vieux-Québec, au bureau.",
    dimensions: "180 × 75 × 70 cm",
    disponible_en_entrepot: true,
    temps_commande: "2-3 semaines",
    avantages: [
      "Grains torréfiés à Québec, moulus à la tasse",
      "12 recettes chaudes et glacées",
      "Gobelets compostables inclus",
      "Nettoyage automatique quotidien",
    ],
    specifications: [
      "Hauteur: 180 cm",
      "Largeur: 75 cm",
      "Profondeur: 70 cm",
      "Capacité: 350 tasses par remplissage",
      "Boissons: 12 recettes",
      "Paiement: Carte, sans contact et mobile",
    ],
    produits_par_rangee: 4,
    nombre_de_rangees: 4,
    steps: [2, 3, 5],
    main_image_index: 0,
    art: { model: "slim", body: "#5a1f2b", trim: "#d4a55a", packs: ["cup"], scene: "cafe", wall: "#e4d3bd" },
  },
  {
    nom: "Boréal Frais",
    category: "repas",
    description:
      "Une distributrice réfrigérée pour les repas du midi et du soir. Sandwichs, salades et plats cuisinés par des traiteurs de Québec et de Lévis, conservés entre 2 et 4 °C.",
    dimensions: "190 × 97 × 88 cm",
    disponible_en_entrepot: false,
    temps_commande: "2-3 semaines",
    avantages: [
      "Réfrigération contrôlée entre 2 et 4 °C",
      "Verrouillage automatique en cas de panne",
      "Plats renouvelés trois fois par semaine",
      "Dates de péremption suivies par produit",
      "Idéale pour les équipes de soir et de nuit",
    ],
    specifications: [
      "Hauteur: 190 cm",
      "Largeur: 97 cm",
      "Profondeur: 88 cm",
      "Capacité: 30 repas",
      "Température: 2 à 4 °C",
      "Paiement: Carte, sans contact et mobile",
    ],
    produits_par_rangee: 5,
    nombre_de_rangees: 6,
    steps: [1, 3, 4, 5],
    main_image_index: 1,
    art: { model: "standard", body: "#172a44", trim: "#c9a25a", fridge: true, packs: ["bowl", "bottle"], scene: "hospital", wall: "#dde7e6" },
  },
  {
    nom: "Boréal Frais Duo",
    category: "repas",
    description:
      "Deux zones de température dans une seule machine : repas frais en haut, boissons froides en bas. La solution complète pour les cafétérias sans personnel.",
    dimensions: "190 × 128 × 90 cm",
    disponible_en_entrepot: false,
    temps_commande: "4-6 semaines",
    avantages: [
      "Deux zones de température indépendantes",
      "Vitrine grand format à haute visibilité",
      "Suivi de la chaîne de froid à distance",
      "Écran tactile avec valeurs nutritives",
    ],
    specifications: [
      "Hauteur: 190 cm",
      "Largeur: 128 cm",
      "Profondeur: 90 cm",
      "Capacité: 56 sélections",
      "Température: 2 à 6 °C",
      "Paiement: Carte, sans contact et mobile",
    ],
    produits_par_rangee: 8,
    nombre_de_rangees: 7,
    steps: [1, 2, 3, 4, 5, 6],
    main_image_index: 0,
    art: { model: "wide", body: "#2b3440", trim: "#b8893b", fridge: true, packs: ["bowl", "bottle", "can"], scene: "campus", wall: "#e2ddd3" },
  },
  {
    nom: "Boréal Santé",
    category: "sante",
    description:
      "Une sélection pensée avec une nutritionniste : produits bios, locaux, végétaliens ou riches en protéines. Les valeurs nutritives de chaque produit s'affichent à l'écran avant l'achat.",
    dimensions: "183 × 97 × 90 cm",
    disponible_en_entrepot: true,
    temps_commande: "1-2 semaines",
    avantages: [
      "Sélection validée par une nutritionniste",
      "Plus de 50 % de produits du Québec",
      "Valeurs nutritives affichées à l'écran",
      "Étiquettes allergènes claires",
    ],
    specifications: [
      "Hauteur: 183 cm",
      "Largeur: 97 cm",
      "Profondeur: 90 cm",
      "Capacité: 42 sélections",
      "Éclairage: DEL 4000 K",
      "Paiement: Carte, sans contact et mobile",
    ],
    produits_par_rangee: 7,
    nombre_de_rangees: 6,
    steps: [1, 2, 3, 5],
    main_image_index: 0,
    art: { model: "standard", body: "#3d5a47", trim: "#e0c48a", packs: ["bar", "bottle", "bag"], scene: "gym", wall: "#e3e6dc" },
  },
  {
    nom: "Boréal Nuit",
    category: "sante",
    description:
      "Notre modèle signature au fini noir mat et laiton brossé, pour les halls d'hôtel et les bureaux haut de gamme. Un micro-marché élégant qui s'agence à votre décor.",
    dimensions: "195 × 97 × 90 cm",
    disponible_en_entrepot: false,
    temps_commande: "3-4 semaines",
    avantages: [
      "Fini noir mat et laiton brossé",
      "Vitrine sans cadre à verre antireflet",
      "Sélection haut de gamme personnalisée",
      "Écran tactile avec votre logo",
      "Service de remplissage discret",
    ],
    specifications: [
      "Hauteur: 195 cm",
      "Largeur: 97 cm",
      "Profondeur: 90 cm",
      "Capacité: 36 sélections",
      "Vitrage: Antireflet trempé",
      "Paiement: Carte, sans contact et mobile",
    ],
    produits_par_rangee: 6,
    nombre_de_rangees: 5,
    steps: [1, 2, 3, 4, 5, 6],
    main_image_index: 0,
    art: { model: "standard", body: "#0f1115", trim: "#b8893b", packs: ["bottle", "bar", "can", "bag"], scene: "hotel", wall: "#2a2622" },
  },
];

export type ProductSeed = {
  nom: string;
  label: string;
  kind: PackKind;
  color: string;
  prix: number;
  categorie: string[];
  tags: string[];
  description: string;
  ingredients: string;
  top?: boolean;
  size: string;
  /** What the window of a bag shows (chips by default). */
  motif?: BagMotif;
};

const C = ["Collations"];
const F = ["Boissons froides"];
const H = ["Boissons chaudes"];
const R = ["Repas"];

// Ranked in this order (ranking 1 = first); `top` marks the ten best sellers.
export const PRODUCTS: ProductSeed[] = [
  { nom: "Barre tendre à l'érable", label: "Érable", kind: "bar", color: "#b3621b", prix: 2.25, categorie: C, tags: ["Local", "Sans noix"], top: true, size: "32 g",
    description: "Une barre moelleuse à l'avoine sucrée au sirop d'érable du Québec. Le classique de la boîte à lunch, en version adulte.",
    ingredients: "Flocons d'avoine, sirop d'érable, riz croustillant, huile de canola, sucre d'érable, sel." },
  { nom: "Café glacé vanille", label: "Vanille", kind: "can", color: "#6b4a32", prix: 3.75, categorie: F, tags: ["Énergisant"], top: true, size: "250 ml",
    description: "Café infusé à froid, lait et une touche de vanille. Doux, rafraîchissant et bien caféiné.",
    ingredients: "Café infusé à froid (eau, café), lait, sucre, extrait de vanille naturel." },
  { nom: "Croustilles sel de mer", label: "Sel de mer", kind: "bag", color: "#2a6f97", prix: 2.5, categorie: C, tags: ["Végétalien", "Sans gluten", "Sans noix"], top: true, size: "40 g",
    description: "Des croustilles cuites en petits lots, tout simplement salées au sel de mer. Croquantes jusqu'à la dernière.",
    ingredients: "Pommes de terre, huile de tournesol, sel de mer." },
  { nom: "Éclair au chocolat", label: "Éclair", kind: "bar", color: "#4a2c20", prix: 4.25, categorie: C, tags: [], top: true, size: "85 g",
    description: "Pâte à choux garnie de crème pâtissière et glacée au chocolat noir, préparée par une pâtisserie de Lévis.",
    ingredients: "Lait, farine de blé, œufs, beurre, sucre, chocolat noir, amidon de maïs, vanille." },
  { nom: "Eau pétillante citron", label: "Citron", kind: "can", color: "#e0b820", prix: 2.0, categorie: F, tags: ["Sans sucre ajouté", "Végétalien"], top: true, size: "355 ml",
    description: "Eau gazéifiée aromatisée au citron naturel. Zéro sucre, zéro calorie, plein de fraîcheur.",
    ingredients: "Eau gazéifiée, arôme naturel de citron." },
  { nom: "Latte à l'érable", label: "Latte érable", kind: "cup", color: "#a0612a", prix: 4.5, categorie: H, tags: ["Local"], top: true, size: "350 ml",
    description: "Espresso, lait moussé et sirop d'érable de la Beauce. Notre recette signature, parfaite les matins de janvier.",
    ingredients: "Lait, espresso (eau, café), sirop d'érable." },
  { nom: "Thé vert pêche", label: "Thé vert", kind: "bottle", color: "#e88a4f", prix: 3.0, categorie: F, tags: ["Végétalien"], top: true, size: "500 ml",
    description: "Thé vert infusé et jus de pêche, légèrement sucré. Désaltérant et tout en douceur.",
    ingredients: "Eau, thé vert, sucre de canne, jus de pêche concentré, acide citrique." },
  { nom: "Wrap poulet César", label: "César", kind: "bowl", color: "#4f7f3a", prix: 6.5, categorie: R, tags: ["Protéiné"], top: true, size: "220 g",
    description: "Poulet grillé, romaine croquante, parmesan et vinaigrette César dans une tortilla de blé. Préparé chaque matin.",
    ingredients: "Tortilla de blé, poulet grillé, laitue romaine, parmesan, vinaigrette César (huile, jaune d'œuf, ail, anchois), croûtons." },
  { nom: "Barre protéinée chocolat arachide", label: "Protéine", kind: "bar", color: "#2b2f3a", prix: 3.5, categorie: C, tags: ["Protéiné", "Sans gluten"], top: true, size: "60 g",
    description: "20 g de protéines, un enrobage de chocolat et un cœur au beurre d'arachide. Le carburant d'après-gym.",
    ingredients: "Isolat de protéines de lactosérum, beurre d'arachide, chocolat au lait, fibres de chicorée, amandes." },
  { nom: "Croustilles ketchup", label: "Ketchup", kind: "bag", color: "#c4322b", prix: 2.5, categorie: C, tags: ["Végétalien", "Sans noix"], top: true, size: "40 g",
    description: "Le goût canadien par excellence : des croustilles bien assaisonnées, sucrées et acidulées.",
    ingredients: "Pommes de terre, huile de canola, assaisonnement ketchup (sucre, tomate, vinaigre, paprika, sel)." },
  { nom: "Croustilles BBQ fumé", label: "BBQ fumé", kind: "bag", color: "#7a3b16", prix: 2.5, categorie: C, tags: ["Sans noix"], size: "40 g",
    description: "Des croustilles ondulées au goût de barbecue fumé à l'érable.",
    ingredients: "Pommes de terre, huile de tournesol, sucre, paprika fumé, poudre d'oignon, sel, sucre d'érable." },
  { nom: "Croustilles cornichon à l'aneth", label: "Aneth", kind: "bag", color: "#4f8a3c", prix: 2.5, categorie: C, tags: ["Végétalien", "Sans gluten"], size: "40 g",
    description: "Vinaigrées et parfumées à l'aneth, pour les amateurs de saveurs franches.",
    ingredients: "Pommes de terre, huile de canola, vinaigre, aneth, ail, sel." },
  { nom: "Maïs soufflé au caramel", label: "Caramel", kind: "bag", color: "#d19a1f", prix: 2.75, categorie: C, tags: ["Sans gluten"], size: "60 g", motif: "puffs",
    description: "Maïs soufflé enrobé d'un caramel au beurre croquant, fabriqué à Saint-Jean-Chrysostome.",
    ingredients: "Maïs à éclater, sucre, beurre, sirop de maïs, sel, bicarbonate de soude." },
  { nom: "Mélange montagnard", label: "Montagnard", kind: "bag", color: "#6a5a2e", prix: 3.25, categorie: C, tags: ["Protéiné", "Énergisant"], size: "55 g", motif: "nuts",
    description: "Amandes, canneberges, graines de citrouille et pépites de chocolat noir pour tenir jusqu'au souper.",
    ingredients: "Amandes, canneberges séchées, graines de citrouille, pépites de chocolat noir, raisins secs." },
  { nom: "Barre aux dattes et cacao", label: "Dattes", kind: "bar", color: "#7d3f5c", prix: 2.75, categorie: C, tags: ["Végétalien", "Sans gluten", "Sans sucre ajouté"], size: "45 g",
    description: "Seulement quatre ingrédients, aucune cuisson, un goût de brownie.",
    ingredients: "Dattes, noix de cajou, cacao, sel de mer." },
  { nom: "Barre granola aux bleuets", label: "Bleuets", kind: "bar", color: "#3f4f9a", prix: 2.25, categorie: C, tags: ["Local"], size: "35 g",
    description: "Granola croquant et bleuets sauvages du Lac-Saint-Jean.",
    ingredients: "Avoine, bleuets sauvages séchés, miel, huile de tournesol, graines de lin." },
  { nom: "Biscuits à l'avoine et raisins", label: "Avoine", kind: "bag", color: "#9a6b3c", prix: 2.5, categorie: C, tags: [], size: "70 g", motif: "cookies",
    description: "Deux gros biscuits moelleux comme ceux de grand-maman.",
    ingredients: "Avoine, farine de blé, cassonade, beurre, raisins secs, œufs, cannelle." },
  { nom: "Chips de pomme séchée", label: "Pomme", kind: "bag", color: "#b8323f", prix: 2.75, categorie: C, tags: ["Sans sucre ajouté", "Végétalien", "Local"], size: "30 g", motif: "slices",
    description: "Des pommes de l'île d'Orléans tranchées finement et séchées, rien d'autre.",
    ingredients: "Pommes." },
  { nom: "Chocolat noir 70 %", label: "Noir 70 %", kind: "bar", color: "#1f1a17", prix: 3.0, categorie: C, tags: ["Bio", "Végétalien"], size: "50 g",
    description: "Un chocolat noir équitable aux notes de fruits rouges, à partager... ou pas.",
    ingredients: "Pâte de cacao, sucre de canne, beurre de cacao, vanille (ingrédients biologiques)." },
  { nom: "Fromage en grains", label: "Fromage", kind: "bag", color: "#e2a73a", prix: 3.5, categorie: C, tags: ["Local", "Sans gluten", "Protéiné"], size: "100 g", motif: "cubes",
    description: "Du vrai fromage en grains qui fait « squick squick », livré frais de la fromagerie.",
    ingredients: "Lait pasteurisé, culture bactérienne, sel, présure." },
  { nom: "Bretzels au sel", label: "Bretzels", kind: "bag", color: "#8c5a2b", prix: 2.25, categorie: C, tags: ["Sans noix", "Végétalien"], size: "50 g", motif: "pretzels",
    description: "Petits bretzels croquants saupoudrés de gros sel.",
    ingredients: "Farine de blé, huile de canola, sel, levure, bicarbonate de soude." },
  { nom: "Eau de source", label: "Source", kind: "bottle", color: "#3b8fc4", prix: 1.75, categorie: F, tags: ["Sans sucre ajouté", "Local"], size: "500 ml",
    description: "Eau de source naturelle des Laurentides, en bouteille recyclable.",
    ingredients: "Eau de source naturelle." },
  { nom: "Eau pétillante pamplemousse", label: "Pamplemousse", kind: "can", color: "#e4606d", prix: 2.0, categorie: F, tags: ["Sans sucre ajouté", "Végétalien"], size: "355 ml",
    description: "Bulles fines et pamplemousse rose, sans sucre.",
    ingredients: "Eau gazéifiée, arôme naturel de pamplemousse." },
  { nom: "Jus d'orange", label: "Orange", kind: "bottle", color: "#f08a1c", prix: 3.0, categorie: F, tags: ["Végétalien", "Sans sucre ajouté"], size: "300 ml",
    description: "100 % pur jus d'oranges pressées, avec pulpe.",
    ingredients: "Jus d'orange." },
  { nom: "Jus de pomme du Québec", label: "Pomme", kind: "bottle", color: "#c9a227", prix: 2.75, categorie: F, tags: ["Local", "Sans sucre ajouté"], size: "300 ml",
    description: "Pressé à partir de pommes McIntosh et Cortland cueillies au Québec.",
    ingredients: "Jus de pomme, vitamine C." },
  { nom: "Kombucha gingembre", label: "Kombucha", kind: "bottle", color: "#c86b2a", prix: 4.25, categorie: F, tags: ["Bio", "Végétalien"], size: "414 ml",
    description: "Thé fermenté pétillant au gingembre frais, brassé à Québec.",
    ingredients: "Thé noir et vert fermenté, sucre de canne, gingembre, cultures vivantes (ingrédients biologiques)." },
  { nom: "Boisson énergisante", label: "Énergie", kind: "can", color: "#1e9e8f", prix: 3.5, categorie: F, tags: ["Énergisant"], size: "355 ml",
    description: "Caféine naturelle de guarana et vitamines du groupe B, saveur agrumes.",
    ingredients: "Eau gazéifiée, sucre, acide citrique, caféine, guarana, vitamines B3, B6, B12." },
  { nom: "Lait au chocolat", label: "Choco", kind: "bottle", color: "#5b3523", prix: 2.75, categorie: F, tags: ["Local", "Protéiné"], size: "473 ml",
    description: "Lait 2 % d'une laiterie québécoise, au bon goût de chocolat.",
    ingredients: "Lait partiellement écrémé, sucre, cacao, carraghénine, vitamines A et D." },
  { nom: "Soda à l'érable", label: "Érable", kind: "can", color: "#9c4a1a", prix: 2.5, categorie: F, tags: ["Local"], size: "355 ml",
    description: "Une boisson gazeuse artisanale sucrée à l'eau d'érable.",
    ingredients: "Eau gazéifiée, eau d'érable concentrée, sirop d'érable, acide citrique." },
  { nom: "Limonade framboise", label: "Framboise", kind: "can", color: "#d23a6b", prix: 2.5, categorie: F, tags: ["Végétalien"], size: "355 ml",
    description: "Limonade pétillante aux framboises, juste assez sucrée.",
    ingredients: "Eau gazéifiée, sucre de canne, jus de citron, purée de framboise." },
  { nom: "Smoothie mangue", label: "Mangue", kind: "bottle", color: "#f2a922", prix: 4.5, categorie: F, tags: ["Végétalien", "Sans sucre ajouté"], size: "300 ml",
    description: "Mangue, banane et fruit de la passion, pressés à froid.",
    ingredients: "Purée de mangue, purée de banane, jus de pomme, jus de fruit de la passion." },
  { nom: "Café filtre corsé", label: "Corsé", kind: "cup", color: "#2e1f18", prix: 2.25, categorie: H, tags: ["Énergisant", "Végétalien"], size: "350 ml",
    description: "Un café filtre torréfié foncé, fraîchement moulu à chaque tasse.",
    ingredients: "Eau, café arabica." },
  { nom: "Chocolat chaud", label: "Chocolat", kind: "cup", color: "#6b3a26", prix: 3.0, categorie: H, tags: ["Sans gluten"], size: "300 ml",
    description: "Chocolat chaud onctueux au lait moussé, comme au retour de la glissade.",
    ingredients: "Lait, chocolat, sucre, cacao." },
  { nom: "Thé chai épicé", label: "Chaï", kind: "cup", color: "#b0592a", prix: 3.5, categorie: H, tags: ["Végétalien"], size: "350 ml",
    description: "Thé noir infusé à la cannelle, à la cardamome et au gingembre, servi avec boisson d'avoine.",
    ingredients: "Eau, thé noir, boisson d'avoine, sucre de canne, cannelle, cardamome, gingembre, girofle." },
  { nom: "Cappuccino", label: "Cappuccino", kind: "cup", color: "#8a5a3b", prix: 3.75, categorie: H, tags: [], size: "250 ml",
    description: "Double espresso et mousse de lait veloutée, saupoudré de cacao.",
    ingredients: "Lait, espresso (eau, café), cacao." },
  { nom: "Salade quinoa et légumes", label: "Quinoa", kind: "bowl", color: "#7aa23a", prix: 6.25, categorie: R, tags: ["Végétalien", "Sans gluten"], size: "300 g",
    description: "Quinoa, pois chiches, concombre, poivrons grillés et vinaigrette citron-herbes.",
    ingredients: "Quinoa, pois chiches, concombre, poivron rouge, persil, huile d'olive, jus de citron, sel." },
  { nom: "Parfait yogourt et granola", label: "Parfait", kind: "bowl", color: "#8e4f9e", prix: 4.25, categorie: R, tags: ["Protéiné"], size: "200 g",
    description: "Yogourt grec vanille, compote de petits fruits et granola croquant.",
    ingredients: "Yogourt grec, bleuets, fraises, granola (avoine, miel, amandes), vanille." },
  { nom: "Pâtes au pesto", label: "Pesto", kind: "bowl", color: "#3f8a4a", prix: 6.5, categorie: R, tags: [], size: "320 g",
    description: "Fusillis, pesto de basilic, tomates cerises et parmesan. Se mange froid ou réchauffé.",
    ingredients: "Pâtes de blé, basilic, huile d'olive, parmesan, pignons, ail, tomates cerises." },
  { nom: "Pouding chômeur", label: "Chômeur", kind: "bowl", color: "#a8652a", prix: 3.75, categorie: R, tags: ["Local"], size: "150 g",
    description: "Le grand classique québécois : gâteau moelleux et sauce au sirop d'érable.",
    ingredients: "Farine de blé, sirop d'érable, cassonade, crème, beurre, lait, œufs, poudre à pâte." },
  { nom: "Sandwich jambon et suisse", label: "Jambon", kind: "bowl", color: "#c0784a", prix: 5.75, categorie: R, tags: ["Protéiné"], size: "210 g",
    description: "Pain de campagne, jambon fumé à l'érable, fromage suisse et moutarde de Dijon.",
    ingredients: "Pain de blé, jambon, fromage suisse, laitue, moutarde de Dijon, mayonnaise." },
];

export type GallerySeed = { nom: string; scene: SceneKind; wall: string; featured: boolean; body: string; model: CabinetModel; fridge?: boolean };

export const GALLERY: GallerySeed[] = [
  { nom: "Salle de pause, bureaux de Sainte-Foy", scene: "office", wall: "#e8dccb", featured: true, body: "#1c1f26", model: "standard" },
  { nom: "Corridor d'une école secondaire de Lévis", scene: "school", wall: "#dfe7ea", featured: true, body: "#1f3a33", model: "wide" },
  { nom: "Centre d'entraînement à Charlesbourg", scene: "gym", wall: "#3a3f45", featured: true, body: "#3d5a47", model: "standard" },
  { nom: "Hall d'un centre hospitalier", scene: "hospital", wall: "#dfe8e6", featured: true, body: "#172a44", model: "standard", fridge: true },
  { nom: "Coin café d'une agence du Vieux-Québec", scene: "cafe", wall: "#e2cfb5", featured: true, body: "#5a1f2b", model: "slim" },
  { nom: "Hall d'hôtel, Grande Allée", scene: "hotel", wall: "#2c2723", featured: true, body: "#0f1115", model: "standard" },
  { nom: "Cafétéria d'usine à Saint-Romuald", scene: "factory", wall: "#d6d2c6", featured: false, body: "#2b3440", model: "wide", fridge: true },
  { nom: "Pavillon étudiant, Université Laval", scene: "campus", wall: "#e6ddd0", featured: false, body: "#1f3a33", model: "standard" },
  { nom: "Entrée d'une tour de condos à Lévis", scene: "condo", wall: "#d9e0e6", featured: false, body: "#efe7d8", model: "slim" },
  { nom: "Réception d'une clinique à Beauport", scene: "lobby", wall: "#ece4d8", featured: false, body: "#3d5a47", model: "standard" },
];
