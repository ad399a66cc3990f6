import { createContext, type RouterContextProvider } from "react-router";
import type { SessionUser } from "./auth/sessions";
import type { ServerConfig } from "./config";
import type { Database, Db } from "./db/client";
import type { Logger } from "./lib/log";
import type { Storage } from "./storage/storage";

/** What every loader and action can use, created once at start (server/services.ts). */
export type Services = {
  database: Database;
  db: Db;
  storage: Storage;
  config: ServerConfig;
  log: Logger;
  secret: string;
};

/** Facts about the current request, set by the Express layer. */
export type RequestInfo = { nonce: string; ip: string; secure: boolean; user: SessionUser | null };

export const servicesContext = createContext<Services>();
export const requestContext = createContext<RequestInfo>();

type Ctx = Readonly<RouterContextProvider>;
export const getServices = (context: Ctx) => context.get(servicesContext);
export const getRequestInfo = (context: Ctx) => context.get(requestContext);
