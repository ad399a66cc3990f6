// The staff area's machine save order, the step-linked update, the category and step deletes — on
// PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { saveMachineWithSteps, type MachineFieldsToSave } from "../../app/features/admin-machines/machine-save.server";
import {
  countMachinesInCategory,
  deleteCategory,
  deleteStepEverywhere,
  getMachine,
  insertCategory,
  insertMachine,
  insertStep,
} from "../../app/features/machines/store.server";
import { machineCategories, machines, machineSteps } from "../../server/db/schema";
import { MachineFieldsSchema } from "../../app/features/admin-machines/schema";
import { createTestDatabase } from "../support/db";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  const db = database.db;
  await db.delete(machines);
  await db.delete(machineSteps);
  await db.delete(machineCategories);
});

const fields = (input: Record<string, unknown> = {}): MachineFieldsToSave =>
  MachineFieldsSchema.parse({ nom: "Signature", description: "Vitrine réfrigérée", ...input });

const step = (titre: string, numero: number, id: string | null = null) => ({
  id,
  numero,
  titre,
  description: "",
  image: null,
  image_alt: null,
  video: null,
});
const stored = (titre: string, numero: number) => ({ numero, titre, description: "" });

async function stepRows() {
  return database.db.select().from(machineSteps).orderBy(machineSteps.titre);
}

describe("saving a machine with its steps", () => {
  it("adds a machine, creates its steps and sets step_ids in the on-screen order", async () => {
    const db = database.db;
    const outcome = await saveMachineWithSteps(db, {
      id: null,
      machine: fields({ produits_par_rangee: "", grid_default_width: "9000" }),
      steps: [step("Visite", 1), step("Installation", 2)],
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.created).toBe(2);
    const saved = (await getMachine(db, outcome.machine.id))!;
    expect(saved).toMatchObject({ nom: "Signature", produits_par_rangee: 6, grid_default_width: 800 });
    const rows = await stepRows();
    const byTitle = new Map(rows.map((r) => [r.titre, r.id]));
    expect(saved.step_ids).toEqual([byTitle.get("Visite"), byTitle.get("Installation")]);
  });

  it("updates existing steps, creates new ones: step_ids are the old ids plus the new ones", async () => {
    const db = database.db;
    const a = (await insertStep(db, stored("A", 1)))!;
    const b = (await insertStep(db, stored("B", 2)))!;
    const machine = (await insertMachine(db, { ...fields(), step_ids: [a.id, b.id] }))!;
    const outcome = await saveMachineWithSteps(db, {
      id: machine.id,
      machine: fields({ nom: "Signature II" }),
      steps: [step("A modifiée", 1, a.id), step("B", 2, b.id), step("C", 3)],
    });
    expect(outcome.ok).toBe(true);
    const saved = (await getMachine(db, machine.id))!;
    const c = (await stepRows()).find((r) => r.titre === "C")!;
    expect(saved.nom).toBe("Signature II");
    expect(saved.step_ids).toEqual([a.id, b.id, c.id]);
    expect((await stepRows()).map((r) => r.titre)).toEqual(["A modifiée", "B", "C"]);
  });

  it("keeps the new order and detaches a step taken off the list (the step itself stays)", async () => {
    const db = database.db;
    const a = (await insertStep(db, stored("A", 1)))!;
    const b = (await insertStep(db, stored("B", 2)))!;
    const c = (await insertStep(db, stored("C", 3)))!;
    const machine = (await insertMachine(db, { ...fields(), step_ids: [a.id, b.id, c.id] }))!;
    const outcome = await saveMachineWithSteps(db, {
      id: machine.id,
      machine: fields(),
      steps: [step("C", 1, c.id), step("A", 2, a.id)],
    });
    expect(outcome).toMatchObject({ ok: true, created: 0, detached: 1 });
    expect((await getMachine(db, machine.id))!.step_ids).toEqual([c.id, a.id]);
    expect((await stepRows()).map((r) => [r.titre, r.numero])).toEqual([
      ["A", 2],
      ["B", 2],
      ["C", 1],
    ]);
  });

  it("when the machine update fails, nothing else is saved", async () => {
    const db = database.db;
    const a = (await insertStep(db, stored("A", 1)))!;
    const machine = (await insertMachine(db, { ...fields(), step_ids: [a.id] }))!;
    // A category that does not exist: the foreign key makes updateMachine throw.
    const outcome = await saveMachineWithSteps(db, {
      id: machine.id,
      machine: fields({ nom: "Jamais enregistrée", categorie_id: randomUUID() }),
      steps: [step("A changée", 1, a.id), step("Nouvelle", 2)],
    });
    expect(outcome).toMatchObject({ ok: false, failed: "machine" });
    if (outcome.ok) return;
    expect(outcome.error).toMatch(/^Failed to update machine: /);
    const saved = (await getMachine(db, machine.id))!;
    expect(saved.nom).toBe("Signature");
    expect(saved.step_ids).toEqual([a.id]);
    expect((await stepRows()).map((r) => r.titre)).toEqual(["A"]);
  });

  it("when adding the machine fails, no step is created", async () => {
    const outcome = await saveMachineWithSteps(database.db, {
      id: null,
      machine: fields({ categorie_id: randomUUID() }),
      steps: [step("Nouvelle", 1)],
    });
    expect(outcome).toMatchObject({ ok: false, failed: "machine" });
    expect(await stepRows()).toEqual([]);
    expect(await database.db.select().from(machines)).toEqual([]);
  });

  it("when the step update fails, the machine stays saved and no step changes", async () => {
    const db = database.db;
    const a = (await insertStep(db, stored("A", 1)))!;
    const machine = (await insertMachine(db, { ...fields(), step_ids: [a.id] }))!;
    // A step deleted meanwhile (say, in another tab): its update finds nothing, the whole step part rolls back.
    const outcome = await saveMachineWithSteps(db, {
      id: machine.id,
      machine: fields({ nom: "Nom enregistré" }),
      steps: [step("A changée", 1, a.id), step("Nouvelle", 2), step("Disparue", 3, randomUUID())],
    });
    expect(outcome).toMatchObject({ ok: false, failed: "steps" });
    const saved = (await getMachine(db, machine.id))!;
    expect(saved.nom).toBe("Nom enregistré");
    expect(saved.step_ids).toEqual([a.id]);
    expect((await stepRows()).map((r) => r.titre)).toEqual(["A"]);
  });
});

describe("deleting a category", () => {
  it("clears categorie_id on its machines, then deletes it; other machines keep theirs", async () => {
    const db = database.db;
    const snacks = await insertCategory(db, { nom: "Collations" });
    const coffee = await insertCategory(db, { nom: "Café" });
    const m1 = (await insertMachine(db, { ...fields(), categorie_id: snacks.id }))!;
    const m2 = (await insertMachine(db, { ...fields({ nom: "Autre" }), categorie_id: snacks.id }))!;
    const m3 = (await insertMachine(db, { ...fields({ nom: "Espresso" }), categorie_id: coffee.id }))!;
    expect(await countMachinesInCategory(db, snacks.id)).toBe(2);
    expect(await deleteCategory(db, snacks.id)).toBe(true);
    expect((await getMachine(db, m1.id))!.categorie_id).toBeNull();
    expect((await getMachine(db, m2.id))!.categorie_id).toBeNull();
    expect((await getMachine(db, m3.id))!.categorie_id).toBe(coffee.id);
    expect((await db.select().from(machineCategories)).map((c) => c.nom)).toEqual(["Café"]);
  });

  it("is one transaction: when the delete fails, the machines keep their category", async () => {
    const db = database.db;
    const snacks = await insertCategory(db, { nom: "Collations" });
    const m1 = (await insertMachine(db, { ...fields(), categorie_id: snacks.id }))!;
    await db.execute(
      sql.raw(`create or replace function refuse_category_delete() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$`),
    );
    await db.execute(
      sql.raw(
        "create trigger refuse_category_delete before delete on machine_categories for each row execute function refuse_category_delete()",
      ),
    );
    try {
      await expect(deleteCategory(db, snacks.id)).rejects.toThrow();
      expect((await getMachine(db, m1.id))!.categorie_id).toBe(snacks.id);
    } finally {
      await db.execute(sql.raw("drop trigger refuse_category_delete on machine_categories"));
      await db.execute(sql.raw("drop function refuse_category_delete()"));
    }
  });
});

describe("deleting a step from the library", () => {
  it("takes it off every machine that lists it, then deletes it", async () => {
    const db = database.db;
    const a = (await insertStep(db, stored("A", 1)))!;
    const b = (await insertStep(db, stored("B", 2)))!;
    const m1 = (await insertMachine(db, { ...fields(), step_ids: [a.id, b.id] }))!;
    const m2 = (await insertMachine(db, { ...fields({ nom: "Autre" }), step_ids: [b.id] }))!;
    expect(await deleteStepEverywhere(db, b.id)).toBe(true);
    expect((await getMachine(db, m1.id))!.step_ids).toEqual([a.id]);
    expect((await getMachine(db, m2.id))!.step_ids).toEqual([]);
    expect(await db.select().from(machineSteps).where(eq(machineSteps.id, b.id))).toEqual([]);
    expect(await deleteStepEverywhere(db, b.id)).toBe(false);
  });
});
