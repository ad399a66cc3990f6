import { useRouteLoaderData } from "react-router";
import type { SiteConfig } from "../rules/site";
import type { documentData } from "./document.server";

/** Root loader data (app/root.tsx's loader returns documentData): the site facts and who is signed in,
 * available to every component. */
export function useRootData() {
  return useRouteLoaderData<typeof documentData>("root");
}

export function useSite(): SiteConfig {
  const data = useRootData();
  if (!data) throw new Error("useSite must be used under the root route");
  return data.site;
}

export function useSignedIn(): boolean {
  return Boolean(useRootData()?.user);
}

/** The signed-in account (its id, name and roles), or null for a visitor. */
export function useStaffUser() {
  return useRootData()?.user ?? null;
}
