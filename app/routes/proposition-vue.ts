import { proposalSeen } from "~/features/proposals/seen.server";
import { getRequestInfo, getServices } from "~/lib/loader-context.server";
import type { Route } from "./+types/proposition-vue";

// POST /proposition/{jeton}/vue: the client's page is displayed (app/features/proposals/seen.tsx).
export async function action({ request, params, context }: Route.ActionArgs) {
  const { ip, user } = getRequestInfo(context);
  await proposalSeen(getServices(context), params.jeton, { request, ip, staff: Boolean(user) });
  return new Response(null, { status: 204, headers: { "Cache-Control": "private, no-store" } });
}
