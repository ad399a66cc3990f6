// A stand-in for the automation webhook: a real HTTP server on 127.0.0.1 that can fail on demand.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

type ReceivedCall = { headers: IncomingHttpHeaders; body: string; json: unknown; answered: number | "drop" };

export type Receiver = {
  url: string;
  calls: ReceivedCall[];
  /** Calls answered 2xx. */
  delivered(): ReceivedCall[];
  /** The next `count` calls fail: with this HTTP status, or "drop" to cut the connection. */
  failNext(count: number, how?: number | "drop"): void;
  /** Every call fails until further notice (the receiver is down). */
  down(how?: number | "drop"): void;
  up(): void;
  /** Answer after this many milliseconds. */
  delay(ms: number): void;
  close(): Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const calls: ReceivedCall[] = [];
  let failures = 0;
  let failHow: number | "drop" = 503;
  let isDown = false;
  let delayMs = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    async function answer() {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
      const fail = isDown || failures > 0;
      if (!isDown && failures > 0) failures--;
      const call: ReceivedCall = { headers: req.headers, body, json, answered: fail ? failHow : 200 };
      calls.push(call);
      if (delayMs) await sleep(delayMs);
      if (fail && failHow === "drop") {
        req.socket.destroy();
        return;
      }
      res.writeHead(fail ? (failHow as number) : 200, { "content-type": "application/json" });
      res.end(fail ? '{"error":"indisponible"}' : '{"ok":true}');
    }
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => void answer());
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    calls,
    delivered: () => calls.filter((c) => typeof c.answered === "number" && c.answered >= 200 && c.answered < 300),
    failNext(count, how = 503) {
      failures = count;
      failHow = how;
    },
    down(how = "drop") {
      isDown = true;
      failHow = how;
    },
    up() {
      isDown = false;
      failures = 0;
    },
    delay(ms) {
      delayMs = ms;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A URL where nothing listens: connections are refused. */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/webhook`;
}

/** Polls until `check` returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  what = "condition",
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
