// The HTTP side of a graceful stop: whether the instance is draining (for /readyz), and closing the
// server so that no request already accepted is cut.
//
// From the start of the drain every response carries `Connection: close`: a connection that serves a
// request after that ends with it, and a proxy's keep-alive pool never reuses it.
//
// Then the hand-off. Closing a listener resets the connections the kernel has completed but Node has
// not accepted yet (those of the last event-loop turn), and a proxy that wrote a POST on one answers
// 502 (it never resends a POST it has written). A proxy without health checks (nginx) only stops
// sending to an instance that fails a request. So GET, HEAD and OPTIONS requests are answered 503 with
// nothing done (the proxy resends them elsewhere and leaves this instance alone for a while; retrying
// them is always safe), other requests are served, and the listener closes once neither a connection
// nor a request has come for a moment.
//
// Then the close: the listener alone; a connection busy with a response ends after it; one accepted
// but still without a request gets a moment to send it. An idle keep-alive connection is never ended
// under a proxy that may be writing a request on it at that instant: with `keepIdle`, it stays open
// (and is answered) until the proxy closes it, which a proxy does within its own idle timeout, shorter
// than ours (KEEP_ALIVE_TIMEOUT_MS), after which Node ends it anyway.
import type { NextFunction, Request, Response } from "express";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/** How long a connection accepted just before the close may take to send its first request. */
const FIRST_REQUEST_GRACE_MS = 1000;

/** The hand-off ends once no connection has come for this long... */
const HANDOFF_QUIET_MS = 250;
/** ...or after this long at most. */
const HANDOFF_MAX_MS = 5000;

const RETRY_SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

type Connection = { requests: number; active: number };

export class HttpLifecycle {
  #draining = false;
  #closing = false;
  #handingOff = false;
  #keepIdle = false;
  #lastArrival = 0;
  readonly #open = new Set<ServerResponse>();
  readonly #connections = new Map<Socket, Connection>();

  /** True from SIGTERM on: /readyz answers 503. */
  get draining(): boolean {
    return this.#draining;
  }

  markDraining(): void {
    this.#draining = true;
    for (const res of this.#open) if (!res.headersSent) res.setHeader("Connection", "close");
  }

  /** Follows the server's connections and requests; call once, right after listen. */
  attach(server: Server): void {
    server.on("connection", (socket: Socket) => {
      this.#lastArrival = Date.now();
      this.#connections.set(socket, { requests: 0, active: 0 });
      socket.once("close", () => this.#connections.delete(socket));
    });
    server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      const connection = this.#connections.get(req.socket);
      if (!connection) return;
      this.#lastArrival = Date.now();
      connection.requests++;
      connection.active++;
      res.once("close", () => {
        connection.active--;
        if (this.#closing) this.#endIfIdle(req.socket, connection);
      });
    });
  }

  /** Express middleware, first in the chain: knows the responses in flight and, once the server is
   * closing, asks each connection to end after its response. */
  readonly track = (req: Request, res: Response, next: NextFunction): void => {
    const stopping = this.#handingOff || this.#closing;
    if (this.#draining) res.setHeader("Connection", "close");
    if (stopping && RETRY_SAFE.has(req.method)) {
      res.status(503).set({ "Retry-After": "1", Connection: "close", "Cache-Control": "no-store" });
      res.type("text/plain").send("Cette instance s'arrête : réessayez.");
      return;
    }
    this.#open.add(res);
    res.once("close", () => this.#open.delete(res));
    next();
  };

  /** Requests being answered right now. */
  get inFlight(): number {
    return this.#open.size;
  }

  /** Refuses retry-safe requests (503) and serves the others until neither a connection nor a request
   * has come for `quietMs`, at most `maxMs`: a proxy in front has then stopped sending here (a proxy
   * with a keep-alive pool sends on connections it already has). */
  async handOff({ quietMs = HANDOFF_QUIET_MS, maxMs = HANDOFF_MAX_MS } = {}): Promise<void> {
    this.markDraining();
    this.#handingOff = true;
    const started = Date.now();
    for (;;) {
      const now = Date.now();
      const quietFor = now - Math.max(this.#lastArrival, started - quietMs / 2);
      if (quietFor >= quietMs || now - started >= maxMs) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs - quietFor, maxMs - (now - started))));
    }
  }

  /** Stops accepting connections; resolves once every connection has ended. Idle keep-alive
   * connections are ended at once, or with `keepIdle` left for their client to close (behind a proxy's
   * pool; Node ends them after its keep-alive timeout). */
  close(server: Server, { firstRequestGraceMs = FIRST_REQUEST_GRACE_MS, keepIdle = false } = {}): Promise<void> {
    this.markDraining();
    this.#closing = true;
    this.#keepIdle = keepIdle;
    // net's close: the listener only (http's would also destroy connections awaiting their request).
    const closed = new Promise<void>((resolve, reject) =>
      NetServer.prototype.close.call(server, (error?: Error) => (error ? reject(error) : resolve())),
    );
    for (const [socket, connection] of this.#connections) this.#endIfIdle(socket, connection);
    const late = setTimeout(() => {
      for (const [socket, connection] of this.#connections) if (connection.requests === 0) socket.destroy();
    }, firstRequestGraceMs);
    late.unref();
    return closed.finally(() => clearTimeout(late));
  }

  /** Ends a keep-alive connection between requests (after its response is written), unless idle ones
   * are left to their client: a response since the drain began carried `Connection: close`, and its
   * connection ends with it anyway. */
  #endIfIdle(socket: Socket, connection: Connection) {
    if (this.#keepIdle) return;
    if (connection.requests > 0 && connection.active === 0) socket.end();
  }
}
