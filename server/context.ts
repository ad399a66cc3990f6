import { createContext, type RouterContextProvider } from "react-router";
import type { SessionUser } from "./auth/sessions";
import type { ServerConfig } from "./config";
import type { ContentVersion } from "./pages/content-version";
import type { Database, Db } from "./db/client";
import type { Logger } from "./lib/log";
import type { Storage } from "./storage/storage";

/** What every loader and action can use, created once at start (server/services.ts). */
export type Services = {
  database: Database;
  db: Db;
  /** Stored files; every change moves the content version on (server/pages/versioned-storage.ts). */
  storage: Storage;
  /** The version of what visitors' pages show, for the page cache. */
  contentVersion: ContentVersion;
  config: ServerConfig;
  log: Logger;
  secret: string;
};

/** Facts about the current request, set by the Express layer. */
export type RequestInfo = {
  nonce: string;
  ip: string;
  secure: boolean;
  user: SessionUser | null;
  /** Rendered for the visitors' page cache: the whole page at once, the same for everyone. */
  shared?: boolean;
};

export const servicesContext = createContext<Services>();
export const requestContext = createContext<RequestInfo>();

type Ctx = Readonly<RouterContextProvider>;
export const getServices = (context: Ctx) => context.get(servicesContext);
export const getRequestInfo = (context: Ctx) => context.get(requestContext);
