// What /edit-equipe changes: invite a person (the invitation and its email in one transaction), an
// account's roles, turning it off (its sessions end at once) or on, cancelling an invitation. The
// route module has already called requireAdmin, which lets only an owner post here.
import type { SessionUser } from "../../../server/auth/sessions";
import { cancelInvitation, createInvitation, findPendingInvitation } from "../../../server/auth/invitations";
import type { StaffRole } from "~/rules/staff-roles";
import { changeAccount, setSecondFactorRequired, type TeamChange } from "../../../server/auth/users";
import type { Services } from "../../../server/context";
import { enqueueEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import { publishedSite } from "~/features/site-texts/store.server";
import { unassignContactRequests } from "~/features/contact-requests/store.server";
import { unassignOpenTickets } from "~/features/service/store.server";
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

type Invitee = { email: string; name: string; roles: readonly StaffRole[] };

/** 'Envoyer l'invitation', or 'Renvoyer' (`replace`: a new link, the earlier one stops working). */
async function invite(
  services: Services,
  input: Invitee,
  by: SessionUser,
  now: Date,
  { replace = false } = {},
): Promise<Answer> {
  const intent = replace ? "renvoyer-invitation" : "inviter";
  const { db, config } = services;
  if (!config.mail) return refused(intent, TEAM_MESSAGES.noMail, 409);
  const site = await publishedSite(db, config.site);
  const sent = await db.transaction(async (tx) => {
    const made = await createInvitation(tx, { ...input, invitedBy: by.name }, now, { replace });
    if (typeof made === "string") return made;
    // An account without a name shows its username: the invited person is not told 'admin vous invite'.
    const invitedBy = by.name === by.username ? null : by.name;
    const email = await renderInvitationEmail(
      { ...made.invitation, invitedBy, url: invitationUrl(config.site.publicUrl, made.token) },
      site,
    );
    await enqueueEmail(tx, config.mail, { purpose: "team-invitation", to: input.email, ...email }, now);
    return made.invitation;
  });
  if (typeof sent === "string") {
    const message = sent === "account" ? TEAM_MESSAGES.taken : TEAM_MESSAGES.pending;
    return {
      result: { ok: false, intent, toasts: [failure(MSG.error, message)], fieldErrors: { email: message } },
      status: 409,
    };
  }
  kickOutbox(db);
  const title = replace ? "Invitation renvoyée" : "Invitation envoyée";
  return {
    result: { ok: true, intent, toasts: [success(title, `Elle part à ${input.email}.`)] },
    journal: `${input.name} (${input.email}) : ${input.roles.map((r) => ROLE_LABELS[r]).join(", ")}`,
  };
}

function changed(intent: TeamIntent, change: TeamChange, title: string): Answer {
  if (!change.ok && change.reason === "missing") return refused(intent, TEAM_MESSAGES.gone, 404);
  if (!change.ok) {
    // Shown beside the roles too: a toast alone covers the form on a phone.
    const answer = refused(intent, TEAM_MESSAGES.lastOwner, 409);
    return { ...answer, result: { ...answer.result, fieldErrors: { roles: TEAM_MESSAGES.lastOwner } } };
  }
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
    case "desactiver": {
      if (input.id === by.id) return refused("desactiver", TEAM_MESSAGES.self, 409);
      const change = await changeAccount(db, input.id, { active: false });
      // What the person followed up goes back to 'Non assignées': nobody would see it otherwise.
      if (change.ok) await Promise.all([unassignContactRequests(db, input.id), unassignOpenTickets(db, input.id)]);
      return changed("desactiver", change, "Compte désactivé");
    }
    case "reactiver":
      return changed("reactiver", await changeAccount(db, input.id, { active: true }), "Compte réactivé");
    case "renvoyer-invitation": {
      const waiting = await findPendingInvitation(db, input.id, now);
      if (!waiting) return refused("renvoyer-invitation", TEAM_MESSAGES.invitationGone, 404);
      return invite(services, waiting, by, now, { replace: true });
    }
    case "deuxieme-etape": {
      // The owner who turns the rule on must meet it first, or their own screens would close at once.
      if (input.exiger && !by.secondFactor) {
        const answer = refused("deuxieme-etape", TEAM_MESSAGES.ownFirst, 409);
        return { ...answer, result: { ...answer.result, fieldErrors: { exiger: TEAM_MESSAGES.ownFirst } } };
      }
      await setSecondFactorRequired(db, input.exiger, by.name);
      const title = input.exiger ? "Deuxième étape exigée" : "Deuxième étape facultative";
      const description = input.exiger
        ? "Dès maintenant, une session ouverte avec le mot de passe seul mène à Mon compte, où la personne ajoute une clé d'accès ou une application."
        : "Le mot de passe seul suffit de nouveau pour se connecter.";
      return { result: { ok: true, intent: "deuxieme-etape", toasts: [success(title, description)] }, journal: title };
    }
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
