import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import type { SiteConfig } from "../rules/site";

/** Root loader data: the site facts and who is signed in, available to every component. */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}

export function useSite(): SiteConfig {
  const data = useRootData();
  if (!data) throw new Error("useSite must be used under the root route");
  return data.site;
}

export function useSignedIn(): boolean {
  return Boolean(useRootData()?.user);
}
