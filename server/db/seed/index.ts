// Demo content for an empty site: tags, machine categories, steps, machines, products and gallery
// photos, with pictures drawn by ./art.ts and stored like uploads. Never touches existing content.
// Rows are written here directly, like data-transfer's: server/ imports no feature's store.
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../client";
import type { Storage } from "../../storage/storage";
import type { Bucket } from "../../../app/rules/uploads";
import type { Logger } from "../../lib/log";
import { createLimiter } from "../../lib/limiter";
import { normalizeForSearch } from "../../../app/rules/text";
import { galleryPhotos, machineCategories, machines, machineSteps, products, tags } from "../schema";
import {
  chassisGlass,
  CHASSIS,
  machineChassis,
  machineCloseUp,
  machineInScene,
  machineStudio,
  nutritionFor,
  nutritionPanel,
  productImage,
  scene,
  stepImage,
  type CabinetStyle,
} from "./art";
import { CATEGORIES, GALLERY, MACHINES, PRODUCTS, STEPS, TAGS, type MachineSeed } from "./data";
import { isDemoEmpty as isEmpty } from "./empty";

/** Pictures drawn at once while seeding. */
const DRAW_CONCURRENCY = 2;

/** The customiser's preview canvas is 900 px tall. */
const CANVAS_HEIGHT = 900;

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

function cabinetStyle(m: MachineSeed, index: number): CabinetStyle {
  return {
    model: m.art.model,
    body: m.art.body,
    trim: m.art.trim,
    fridge: m.art.fridge,
    rows: m.nombre_de_rangees,
    cols: m.produits_par_rangee,
    packs: m.art.packs,
    seed: 101 + index * 17,
  };
}

/**
 * Grid defaults matching the chassis overlay: the glass centre as a percentage of the picture, and
 * the glass size in pixels once the 900 × 1350 chassis is shown 900 px tall (the customiser canvas).
 */
function gridDefaults(m: MachineSeed) {
  const glass = chassisGlass(m.art.model);
  const scale = CANVAS_HEIGHT / CHASSIS.h;
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    grid_default_position_x: round1(((glass.x + glass.w / 2) / CHASSIS.w) * 100),
    grid_default_position_y: round1(((glass.y + glass.h / 2) / CHASSIS.h) * 100),
    grid_default_width: Math.round(glass.w * scale),
    grid_default_height: Math.round(glass.h * scale),
  };
}

/**
 * Fills an empty site with the demo catalogue. Returns true when it seeded; false when any product,
 * machine, machine category or gallery photo already exists (real content is never overwritten).
 */
export async function seedDemoContent(db: Db, storage: Storage, log: Logger): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const started = Date.now();

  const stored: { bucket: Bucket; name: string }[] = [];
  // A few pictures at a time, each drawn when its turn comes, one libvips thread each: drawing all
  // 129 at once left a few hundred MB of freed native memory in the process after seeding.
  const drawing = createLimiter({ concurrency: DRAW_CONCURRENCY, queue: Number.POSITIVE_INFINITY });
  const put = (bucket: Bucket, prefix: string, draw: () => string): Promise<string> =>
    drawing.run(async () => {
      const body = await sharp(Buffer.from(draw())).webp({ quality: 82 }).toBuffer();
      const name = await storage.putNew(bucket, prefix, "webp", body, "image/webp");
      stored.push({ bucket, name });
      return storage.publicUrl(bucket, name);
    });
  const threads = sharp.concurrency();
  sharp.concurrency(1);

  // 1. Draw and store every picture (outside the transaction: this is the slow part).
  // Prefixes are unique per picture so concurrent putNew calls never race for one name.
  const categoryImages = Promise.all(
    CATEGORIES.map((c) => {
      const styles = MACHINES.map((m, i) => ({ m, i }))
        .filter(({ m }) => m.category === c.key)
        .slice(0, 2);
      return put("machine-category-images", `categorie-${slug(c.nom)}`, () =>
        scene({ kind: c.scene, w: 1200, h: 800, wall: c.wall, machines: styles.map(({ m, i }) => cabinetStyle(m, i)) }),
      );
    }),
  );
  const stepImages = Promise.all(
    STEPS.map(({ art, numero }) =>
      art ? put("machine-step-images", `etape-${numero}-${art}`, () => stepImage(art, numero)) : Promise.resolve(null),
    ),
  );
  const machineImages = Promise.all(
    MACHINES.map(async (m, i) => {
      const style = cabinetStyle(m, i);
      const base = `machine-${slug(m.nom)}`;
      const [images, overlay] = await Promise.all([
        Promise.all([
          put("machine-images", `${base}-1`, () => machineStudio(style)),
          put("machine-images", `${base}-2`, () => machineInScene(style, m.art.scene, m.art.wall)),
          put("machine-images", `${base}-3`, () => machineCloseUp(style)),
        ]),
        put("machine-images", `${base}-chassis`, () => machineChassis(style)),
      ]);
      return { images, overlay };
    }),
  );
  const productImages = Promise.all(
    PRODUCTS.map(async (p, i) => {
      const base = `produit-${i + 1}-${slug(p.nom)}`;
      const [image, nutrition] = await Promise.all([
        put("product-images", base, () => productImage(p)),
        put("product-images", `${base}-nutrition`, () => nutritionPanel(nutritionFor(p.kind, p.nom, p.size), p.color)),
      ]);
      return { image, nutrition };
    }),
  );
  const galleryImages = Promise.all(
    GALLERY.map((g, i) =>
      put("gallery-images", `galerie-${i + 1}-${slug(g.scene)}`, () =>
        scene({
          kind: g.scene,
          w: 1200,
          h: 1200,
          wall: g.wall,
          machines: [
            {
              model: g.model,
              body: g.body,
              trim: "#b8893b",
              fridge: g.fridge,
              rows: g.model === "wide" ? 7 : 6,
              cols: g.model === "wide" ? 8 : g.model === "slim" ? 5 : 6,
              packs: g.fridge ? ["bowl", "bottle"] : ["bag", "bar", "can", "bottle"],
              seed: 900 + i * 31,
            },
          ],
        }),
      ),
    ),
  );
  let art;
  try {
    art = {
      categories: await categoryImages,
      steps: await stepImages,
      machines: await machineImages,
      products: await productImages,
      gallery: await galleryImages,
    };
  } catch (error) {
    await Promise.allSettled([categoryImages, stepImages, machineImages, productImages, galleryImages]);
    await removeStored(storage, stored);
    throw error;
  } finally {
    sharp.concurrency(threads);
  }
  const drawn = Date.now();

  // 2. Insert everything in one transaction, once more checking the site is still empty: two
  // instances starting together on PostgreSQL never both seed.
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('boreal.seed-demo-content'))`);
    if (!(await isEmpty(tx))) return false;

    // A tag may outlive the content (the staff can delete every product): the existing one stays.
    for (const nom of TAGS) await tx.insert(tags).values({ nom }).onConflictDoNothing({ target: tags.nom });

    const categoryIds = new Map<string, string>();
    for (const [i, c] of CATEGORIES.entries()) {
      const [row] = await tx
        .insert(machineCategories)
        .values({ nom: c.nom, description: c.description, image: art.categories[i]! })
        .returning({ id: machineCategories.id });
      categoryIds.set(c.key, row!.id);
    }

    const stepIds = new Map<number, string>();
    for (const [i, s] of STEPS.entries()) {
      const [row] = await tx
        .insert(machineSteps)
        .values({
          numero: s.numero,
          titre: s.titre,
          description: s.description,
          image: art.steps[i] ?? null,
          video: null,
        })
        .returning({ id: machineSteps.id });
      stepIds.set(s.numero, row!.id);
    }

    for (const [i, m] of MACHINES.entries()) {
      await tx.insert(machines).values({
        nom: m.nom,
        description: m.description,
        dimensions: m.dimensions,
        disponible_en_entrepot: m.disponible_en_entrepot,
        temps_commande: m.temps_commande,
        avantages: m.avantages,
        specifications: m.specifications,
        images: art.machines[i]!.images,
        main_image_index: m.main_image_index,
        image_overlay: art.machines[i]!.overlay,
        categorie_id: categoryIds.get(m.category) ?? null,
        produits_par_rangee: m.produits_par_rangee,
        nombre_de_rangees: m.nombre_de_rangees,
        ...gridDefaults(m),
        grid_sections: [],
        step_ids: m.steps.map((n) => stepIds.get(n)!),
        etapes_fonctionnement: [],
        video: null,
        process_video: null,
      });
    }

    for (const [i, p] of PRODUCTS.entries()) {
      await tx.insert(products).values({
        nom: p.nom,
        // The lower-case, accent-free copy the catalogue searches and sorts by.
        nom_recherche: normalizeForSearch(p.nom),
        prix: p.prix,
        description: p.description,
        categorie: p.categorie,
        tags: p.tags,
        ingredients: p.ingredients,
        ranking: i + 1,
        dans_notre_top_10_des_plus_gros_vendeur: p.top === true,
        image: art.products[i]!.image,
        nutrition_image: art.products[i]!.nutrition,
      });
    }

    for (const [i, g] of GALLERY.entries()) {
      await tx
        .insert(galleryPhotos)
        .values({ nom: g.nom, image_url: art.gallery[i]!, is_featured: g.featured, ordre: i });
    }
    return true;
  });

  if (!seeded) {
    await removeStored(storage, stored);
    return false;
  }
  log.info({ pictures: stored.length, drawMs: drawn - started, totalMs: Date.now() - started }, "Demo content seeded");
  return true;
}

async function removeStored(storage: Storage, stored: { bucket: Bucket; name: string }[]): Promise<void> {
  await Promise.allSettled(stored.map(({ bucket, name }) => storage.delete(bucket, name)));
}
