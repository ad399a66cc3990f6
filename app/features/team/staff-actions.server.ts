// What /edit-equipe changes: invite a person (the invitation and its email in one transaction), an
// account's roles, turning it off (its sessions end at once) or on, cancelling an invitation. The
// route module has already called requireAdmin, which lets only an owner post here.
import type { SessionUser } from "../../../server/auth/sessions";
import { cancelInvitation, createInvitation } from "../../../server/auth/invitations";
import { changeAccount, type TeamChange } from "../../../server/auth/users";
import type { Services } from "../../../server/context";
import { enqueueEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import { publishedSite } from "~/features/site-texts/store.server";
import { MSG } from "~/lib/messages";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import { ROLE_LABELS } from "~/rules/staff-roles";
import { renderInvitationEmail } from "./invitation-email.server";
import {
  fixFieldsToast,
  TEAM_INTENTS,
  TEAM_MESSAGES,
  teamSchema,
  type TeamIntent,
  type TeamResult,
} from "./staff-schema";

type Answer = { result: TeamResult; status?: number; journal?: string };

const refused = (intent: TeamIntent | "invalid", message: string, status: number): Answer => ({
  result: { ok: false, intent, toasts: [failure(MSG.error, message)] },
  status,
});

/** The address of an invitation's page, on the site's public address. */
const invitationUrl = (publicUrl: string, token: string) => new URL(`/invitation/${token}`, publicUrl).toString();

async function invite(
  services: Services,
  input: Extract<ReturnType<typeof teamSchema.parse>, { intent: "inviter" }>,
  by: SessionUser,
  now: Date,
): Promise<Answer> {
  const { db, config } = services;
  if (!config.mail) return refused("inviter", TEAM_MESSAGES.noMail, 409);
  const site = await publishedSite(db, config.site);
  const sent = await db.transaction(async (tx) => {
    const made = await createInvitation(tx, { ...input, invitedBy: by.name }, now);
    if (!made) return null;
    const email = await renderInvitationEmail(
      { ...made.invitation, url: invitationUrl(config.site.publicUrl, made.token) },
      site,
    );
    await enqueueEmail(tx, config.mail, { purpose: "team-invitation", to: input.email, ...email }, now);
    return made.invitation;
  });
  if (!sent) {
    return {
      result: {
        ok: false,
        intent: "inviter",
        toasts: [fixFieldsToast({ email: TEAM_MESSAGES.taken })],
        fieldErrors: { email: TEAM_MESSAGES.taken },
      },
      status: 409,
    };
  }
  kickOutbox(db);
  return {
    result: { ok: true, intent: "inviter", toasts: [success("Invitation envoyée", `Elle part à ${input.email}.`)] },
    journal: `${input.name} (${input.email}) : ${input.roles.map((r) => ROLE_LABELS[r]).join(", ")}`,
  };
}

function changed(intent: TeamIntent, change: TeamChange, title: string): Answer {
  if (!change.ok)
    return change.reason === "missing"
      ? refused(intent, TEAM_MESSAGES.gone, 404)
      : refused(intent, TEAM_MESSAGES.lastOwner, 409);
  const { account } = change;
  return {
    result: { ok: true, intent, toasts: [success(title, account.name)] },
    journal: `${account.name} : ${intent === "roles" ? account.roles.map((r) => ROLE_LABELS[r]).join(", ") : title.toLowerCase()}`,
  };
}

async function act(services: Services, request: Request, by: SessionUser, now: Date): Promise<Answer> {
  const read = await readStaffForm(request, teamSchema);
  if (!read.ok) {
    const intent = TEAM_INTENTS.find((known) => known === read.intent) ?? "invalid";
    return {
      result: { ok: false, intent, toasts: [fixFieldsToast(read.fieldErrors)], fieldErrors: read.fieldErrors },
      status: 400,
    };
  }
  const input = read.input;
  const { db } = services;
  switch (input.intent) {
    case "inviter":
      return invite(services, input, by, now);
    case "roles":
      return changed("roles", await changeAccount(db, input.id, { roles: input.roles }), "Rôles enregistrés");
    case "desactiver":
      if (input.id === by.id) return refused("desactiver", TEAM_MESSAGES.self, 409);
      return changed("desactiver", await changeAccount(db, input.id, { active: false }), "Compte désactivé");
    case "reactiver":
      return changed("reactiver", await changeAccount(db, input.id, { active: true }), "Compte réactivé");
    case "annuler-invitation": {
      const gone = await cancelInvitation(db, input.id, now);
      if (!gone) return refused("annuler-invitation", TEAM_MESSAGES.invitationGone, 404);
      return {
        result: { ok: true, intent: "annuler-invitation", toasts: [success("Invitation annulée", gone.email)] },
        journal: `${gone.name} (${gone.email})`,
      };
    }
  }
}

/** /edit-equipe: every form on it. */
export async function teamAction(
  services: Services,
  request: Request,
  by: SessionUser,
  note: (summary: string) => void,
  now = new Date(),
) {
  const done = await act(services, request, by, now);
  if (done.journal) note(done.journal);
  return staffAnswer(request, services.secret, done.result, { status: done.status });
}
