// The customiser opened on an installation's layout (/creer-machine/{machineId}?installation={id}): its
// sections and the products still in the catalogue, as the starting state; saving posts the layout to
// the installation's page (staff-actions.server.ts).
import type { Db } from "../../../server/db/client";
import { listProductCards } from "~/features/catalogue/products.server";
import type { CustomiserState } from "~/features/customiser/state";
import { isUuid } from "~/rules/id";
import { getInstallation } from "./store.server";

export type InstallationLayoutStart = {
  installation: { id: string; code: string; client_name: string };
  /** Null when the installation has no section yet: the machine's own layout is the start. */
  start: CustomiserState | null;
};

/** The installation of this machine, ready for the customiser; null when there is none. */
export async function installationLayoutStart(
  db: Db,
  id: string | null,
  machineId: string,
): Promise<InstallationLayoutStart | null> {
  if (!id || !isUuid(id)) return null;
  const row = await getInstallation(db, id);
  if (!row || row.machine_id !== machineId) return null;
  const installation = { id: row.id, code: row.code, client_name: row.client_name };
  if (row.sections.length === 0) return { installation, start: null };
  const ids = [...new Set(row.slots.flatMap((s) => (s.product_id ? [s.product_id] : [])))];
  // A product deleted since is left out: its slot is empty.
  const byId = new Map((await listProductCards(db, ids)).map((p) => [p.id, p]));
  const start: CustomiserState = {
    sections: row.sections.map((s, i) => ({ id: `s${i + 1}`, ...s })),
    selections: {},
    nextId: row.sections.length + 1,
  };
  for (const slot of row.slots) {
    const product = slot.product_id ? byId.get(slot.product_id) : undefined;
    if (product) start.selections[`s${slot.section + 1}:${slot.slot}`] = product;
  }
  return { installation, start };
}
