// The HTTP side of a graceful stop: whether the instance is draining (for /readyz), and closing the
// server so that no request already accepted is cut. Node's server.close() stops accepting and ends
// idle keep-alive connections, but a connection busy with a response stays open after it, ready for
// the next request; `Connection: close` on every response from then on ends each one after its answer.
import type { NextFunction, Request, Response } from "express";
import type { Server, ServerResponse } from "node:http";

export class HttpLifecycle {
  #draining = false;
  #server: Server | null = null;
  readonly #open = new Set<ServerResponse>();

  /** True from SIGTERM on: /readyz answers 503. */
  get draining(): boolean {
    return this.#draining;
  }

  markDraining(): void {
    this.#draining = true;
  }

  /** Express middleware, first in the chain: knows the responses in flight and, once the server is
   * closing, asks each connection to end after its response. */
  readonly track = (_req: Request, res: Response, next: NextFunction): void => {
    this.#open.add(res);
    if (this.#server) res.setHeader("Connection", "close");
    res.once("close", () => {
      this.#open.delete(res);
      // A response whose headers went out before the close kept its connection alive: end it now.
      if (this.#server) setImmediate(() => this.#server?.closeIdleConnections());
    });
    next();
  };

  /** Requests being answered right now. */
  get inFlight(): number {
    return this.#open.size;
  }

  /** Stops accepting connections; resolves once every connection has ended. */
  close(server: Server): Promise<void> {
    this.#draining = true;
    this.#server = server;
    for (const res of this.#open) if (!res.headersSent) res.setHeader("Connection", "close");
    const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    server.closeIdleConnections();
    return closed;
  }
}
