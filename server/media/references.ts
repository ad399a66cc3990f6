// Which stored objects records still point to. Every media column of every table is read here (the
// same columns as productMedia, machineMedia... in rules.ts, the pictures a sent proposal or an installation keeps, and the
// pages' pictures in their published values, drafts and kept versions; a ticket's photo, named by its
// object's name alone), so a file shared by two records (the demo seed's, or one an admin picked
// twice) is never removed while one of them shows it.
import { sql, type SQL } from "drizzle-orm";
import { parseLegacySteps } from "../../app/rules/legacy-steps";
import { selectRows, type Db } from "../db/client";
import {
  galleryPhotos,
  installations,
  installationSwaps,
  machineCategories,
  machines,
  machineSteps,
  products,
  proposalItems,
  proposals,
  serviceTickets,
  siteTexts,
  siteTextVersions,
} from "../db/schema";
import { mediaRefFromUrl, refKey, stringsIn, type MediaRef } from "./rules";

/** A JSON column as the driver gives it: parsed already, or its text. */
function jsonValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Keys ('<bucket>/<name>') of the objects named by a record. With `among`, only those objects are
 * looked for (a LIKE on their names narrows the rows; the URL is then parsed exactly).
 */
export async function referencedMediaKeys(db: Db, among?: readonly MediaRef[]): Promise<Set<string>> {
  if (among && among.length === 0) return new Set();
  const matches = (column: SQL) =>
    among
      ? sql.join(
          among.map((ref) => sql`${column} like ${like(ref.name)} escape '\\'`),
          sql` or `,
        )
      : sql`true`;
  const urls = await selectRows<{ u: string }>(
    db,
    sql`select distinct u from (
      select ${products.image} as u from ${products}
      union all select ${products.nutrition_image} from ${products}
      union all select unnest(${machines.images}) from ${machines}
      union all select ${machines.video} from ${machines}
      union all select ${machines.process_video} from ${machines}
      union all select ${machines.image_overlay} from ${machines}
      union all select ${machineSteps.image} from ${machineSteps}
      union all select ${machineSteps.video} from ${machineSteps}
      union all select ${machineCategories.image} from ${machineCategories}
      union all select ${galleryPhotos.image_url} from ${galleryPhotos}
      union all select ${products.share_image} from ${products}
      union all select ${machines.share_image} from ${machines}
      union all select ${machineCategories.share_image} from ${machineCategories}
      union all select ${proposals.machine_image} from ${proposals}
      union all select ${proposalItems.product_image} from ${proposalItems}
      union all select ${installations.machine_image} from ${installations}
      union all select jsonb_array_elements(${installations.slots}) ->> 'product_image' from ${installations}
      union all select ${installationSwaps.product_image} from ${installationSwaps}
      union all select '/ticket-photos/' || ${serviceTickets.photo_key} from ${serviceTickets}
    ) media where u is not null and (${matches(sql`u`)})`,
  );
  const legacySteps = await selectRows<{ e: unknown }>(
    db,
    sql`select ${machines.etapes_fonctionnement} as e from ${machines}
      where ${machines.etapes_fonctionnement}::text <> '[]' and (${matches(sql`${machines.etapes_fonctionnement}::text`)})`,
  );
  // The pages' documents: a restored version or a published draft shows its pictures again.
  const pageDocuments = await selectRows<{ t: unknown }>(
    db,
    sql`select ${siteTexts.published} as t from ${siteTexts} where ${matches(sql`${siteTexts.published}::text`)}
      union all select ${siteTexts.draft} from ${siteTexts}
        where ${siteTexts.draft} is not null and (${matches(sql`${siteTexts.draft}::text`)})
      union all select ${siteTextVersions.texts} from ${siteTextVersions}
        where ${matches(sql`${siteTextVersions.texts}::text`)}`,
  );
  const keys = new Set<string>();
  const add = (url: string) => {
    const ref = mediaRefFromUrl(url);
    if (ref) keys.add(refKey(ref));
  };
  for (const { u } of urls) add(u);
  for (const { e } of legacySteps) for (const text of stringsIn(parseLegacySteps(e))) add(text);
  for (const { t } of pageDocuments) for (const text of stringsIn(jsonValue(t))) add(text);
  return keys;
}
