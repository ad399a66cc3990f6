// Enumerated columns on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): a value the
// code does not know is refused by the database itself, whatever writes it (an import, a hand-written
// statement); each known value is accepted.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertContactRequest } from "../../app/features/contact-requests/store.server";
import { selectRows, type Database } from "../../server/db/client";
import { LEAD_STAGE_VALUES, PROPOSAL_STATUS_VALUES } from "../../server/db/schema";
import { createTestDatabase } from "../support/db";
import { newContactRequest } from "../support/contact-requests";

let database: Database;
let requestId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const request = await insertContactRequest(
    database.db,
    newContactRequest({
      nom_complet: "Marie Tremblay",
      courriel: "marie@exemple.ca",
      description_demande: "Une distributrice pour la salle des employés.",
      type_emplacement: "office",
      emplacement: "quebec",
      date_installation: "1-14-days",
      prefere_telephone: false,
      numero_telephone: null,
      timestamp: new Date().toISOString(),
      ip_hash: null,
    }),
  );
  requestId = request.id;
});
afterAll(async () => {
  await database?.close();
});

const update = (statement: ReturnType<typeof sql>) => database.db.execute(statement);

/** The constraint the database names in refusing a statement (the driver's error, under Drizzle's). */
async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await update(statement);
  } catch (error) {
    const cause = (error as { cause?: { message?: string; constraint?: string } }).cause;
    return cause?.constraint ?? cause?.message ?? String(error);
  }
  return "accepted";
}

describe("enumerated columns", () => {
  it("a request takes each pipeline stage and delivery state, and refuses any other", async () => {
    for (const stage of LEAD_STAGE_VALUES)
      await update(sql`update contact_requests set stage = ${stage} where id = ${requestId}`);
    for (const status of ["pending", "delivered", "failed", "held"])
      await update(sql`update contact_requests set status = ${status} where id = ${requestId}`);
    expect(await refusal(sql`update contact_requests set stage = 'archivee' where id = ${requestId}`)).toContain(
      "contact_requests_stage_check",
    );
    expect(await refusal(sql`update contact_requests set status = 'sent' where id = ${requestId}`)).toContain(
      "contact_requests_status_check",
    );
    expect(
      await refusal(
        sql`insert into contact_request_stage_changes (contact_request_id, from_stage, to_stage) values (${requestId}, 'nouvelle', 'Gagnée')`,
      ),
    ).toContain("contact_request_stage_changes_to_check");
  });

  it("a proposal takes each status and refuses any other; so do outbox messages and statistics events", async () => {
    const [proposal] = await selectRows<{ id: string }>(
      database.db,
      sql`insert into proposals (token, machine_name, machine_image, sections, client_name, client_email)
        values ('jeton-enumere', 'Combo', '/placeholder.svg', '[]'::jsonb, 'Marie', 'marie@exemple.ca') returning id`,
    );
    for (const status of PROPOSAL_STATUS_VALUES)
      await update(sql`update proposals set status = ${status} where id = ${proposal!.id}`);
    expect(await refusal(sql`update proposals set status = 'expiree' where id = ${proposal!.id}`)).toContain(
      "proposals_status_check",
    );
    expect(
      await refusal(
        sql`insert into outbox_messages (kind, purpose, payload, status) values ('email', 'x', '{}'::jsonb, 'lost')`,
      ),
    ).toContain("outbox_messages_status_check");
    expect(
      await refusal(sql`insert into outbox_messages (kind, purpose, payload) values ('sms', 'x', '{}'::jsonb)`),
    ).toContain("outbox_messages_kind_check");
    expect(await refusal(sql`insert into stat_events (day, kind) values ('2026-12-02', 'click')`)).toContain(
      "stat_events_kind_check",
    );
  });
});
