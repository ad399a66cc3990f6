// What every step of the page pipeline shares (handler.ts makes it, shared.ts and handler.ts use it).
import type { Request, RequestHandler, Response } from "express";
import type { RouterContextProvider } from "react-router";
import type { RequestInfo } from "../context";
import type { ContentVersion } from "./content-version";
import type { Encoding, PageCache } from "./page-cache";

export type LoadContext = (req: Request, res: Response, info?: Partial<RequestInfo>) => Promise<RouterContextProvider>;

/** The visitors' page cache and what it needs. */
export type PageCaching = {
  pages: PageCache;
  version: ContentVersion;
  /** Origin the cached pages are rendered for (the site's public URL): never the request's Host. */
  origin: string;
  /** Keys the nonce of a cached page's style elements. */
  secret: string;
  /** Cache-Control of a visitor's page, for a CDN or proxy in front. */
  cacheControl: string;
  /** Origins pictures and videos come from besides the site (S3_PUBLIC_URL), for the CSP. */
  media?: string[];
};

/** What the build's route table tells the pipeline. */
export type RouteFacts = { staffSegments: Set<string>; routeIds: Set<string> };

/** Everything a step of the pipeline needs, made once per server. */
export type Pipeline = {
  render: (request: globalThis.Request, context: RouterContextProvider) => Promise<globalThis.Response>;
  routes: Promise<RouteFacts>;
  getLoadContext: LoadContext;
  caching: PageCaching | null;
  compress: RequestHandler;
  // Visitors ask for the same few URLs and encodings over and over: worked out once each.
  cacheKey: (originalUrl: string, routeIds: ReadonlySet<string>) => string | null;
  encoding: (acceptEncoding: string, req: Request) => Encoding | null;
};
