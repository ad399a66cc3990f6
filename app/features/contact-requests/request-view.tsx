// A request's own page, assembled from its parts: the request itself (request-details), its stage and
// history (request-history), the reply to the prospect (request-reply), the emails exchanged with their
// delivery state (request-emails) and the staff's notes (request-notes); for a request held as spam its
// release, and at the end, erasing it with everything attached. Submitted text is only ever rendered
// as React text (escaped).
import { ShieldAlert } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { useStaffAction } from "~/lib/use-staff-action";
import type { RequestPageData } from "./inbox";
import { actionClass, Badge, STAGE_TONES } from "./inbox-parts";
import { ContactDetails, DeleteCard, RequestText, SpamPanel, WebhookCard } from "./request-details";
import { EmailThread } from "./request-emails";
import { AssigneeCard, StageCard } from "./request-history";
import { useStaffUser } from "~/lib/site-data";
import { Notes } from "./request-notes";
import { ReplyForm } from "./request-reply";
import type { RequestActionResult } from "./staff-schema";
import { stageLabel } from "./stages";

export function RequestView(props: RequestPageData) {
  const { request, machineId, stageChanges, notes, emails, webhookConfigured, emailConfigured, assignment } = props;
  // The request's machine opens in the customiser at once; a general one starts with the choice of machine.
  const proposalQuery = new URLSearchParams({ demande: request.id }).toString();
  const proposalHref = machineId ? `/creer-machine/${machineId}?${proposalQuery}` : `/creer-machine?${proposalQuery}`;
  const isOwner = useStaffUser()?.roles.includes("proprietaire") ?? false;
  // Answered here: once released, the refreshed page no longer shows the spam panel.
  const release = useFetcher<RequestActionResult>();
  useStaffAction(release);
  return (
    <AdminPage
      title={request.nom_complet}
      back={{ to: "/edit-demandes", label: "Toutes les demandes" }}
      intro={
        <>
          Reçue le <time dateTime={request.receivedIso}>{request.receivedAt}</time>
        </>
      }
      actions={
        <>
          {!request.spam && (
            <Link to={proposalHref} className={actionClass("outline")}>
              Préparer une proposition
            </Link>
          )}
          {request.spam ? (
            <Badge tone="danger">
              <ShieldAlert className="size-3.5" aria-hidden="true" /> Indésirable
            </Badge>
          ) : (
            <Badge tone={STAGE_TONES[request.stage]}>
              <span className="sr-only">{"Statut\u00a0: "}</span>
              {stageLabel(request.stage)}
            </Badge>
          )}
        </>
      }
    >
      {request.spam && <SpamPanel id={request.id} reason={request.spam.reason} fetcher={release} />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {/* On a phone the two columns melt into one list, ordered by what is needed first. */}
        <div className="contents min-w-0 lg:grid lg:content-start lg:gap-6">
          <RequestText request={request} />
          {!request.spam && <ReplyForm id={request.id} emailConfigured={emailConfigured} name={request.nom_complet} />}
          <EmailThread id={request.id} emails={emails} emailConfigured={emailConfigured} />
          <Notes id={request.id} notes={notes} />
        </div>

        <div className="contents min-w-0 lg:grid lg:content-start lg:gap-6">
          <ContactDetails request={request} />
          {!request.spam && <StageCard id={request.id} stage={request.stage} changes={stageChanges} />}
          {!request.spam && <AssigneeCard id={request.id} assignment={assignment} />}
          <WebhookCard request={request} webhookConfigured={webhookConfigured} />
          {isOwner && <DeleteCard id={request.id} name={request.nom_complet} />}
        </div>
      </div>
    </AdminPage>
  );
}
