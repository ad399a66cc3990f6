// The client's page is displayed: its own script says so (seen.tsx), with a POST a mail scanner's GET
// never makes. The first time, the proposal becomes 'Vue' and the statistics count 'Proposition vue'.
import type { Services } from "../../../server/context";
import { declinesStatistics, recordGoal } from "../statistics/store.server";
import { isRobot } from "~/features/statistics/user-agent";
import { markViewed } from "./store.server";
import { isProposalToken } from "./rules";

export async function proposalSeen(
  { db, config }: Pick<Services, "db" | "config">,
  token: string | undefined,
  { request, ip, staff, now = new Date() }: { request: Request; ip: string; staff: boolean; now?: Date },
): Promise<void> {
  const userAgent = request.headers.get("user-agent") ?? undefined;
  // The staff opening it from their list is not the client seeing it; nor is a robot.
  if (!isProposalToken(token) || staff || isRobot(userAgent, request.headers.get("accept-language") ?? undefined))
    return;
  const visit = declinesStatistics(request.headers)
    ? null
    : { ip, userAgent: userAgent!, site: new URL(config.site.publicUrl).host };
  await db.transaction(async (t) => {
    if (await markViewed(t, token, now))
      await recordGoal(t, "proposition_vue", { visit, path: "/proposition/:jeton", now });
  });
}
