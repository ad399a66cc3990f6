// The graceful close on a real HTTP server and real keep-alive connections.
import express from "express";
import { Agent, request as httpRequest, type IncomingMessage } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HttpLifecycle } from "./lifecycle";

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.destroy()));

async function start() {
  const lifecycle = new HttpLifecycle();
  const app = express();
  app.use(lifecycle.track);
  let release!: () => void;
  const slowStarted = new Promise<void>((resolve) =>
    app.get("/slow", (_req, res) => {
      resolve();
      new Promise<void>((r) => (release = r)).then(
        () => res.send("fini"),
        () => {},
      );
    }),
  );
  app.get("/fast", (_req, res) => res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  lifecycle.attach(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  const get = (path: string) =>
    new Promise<{ response: IncomingMessage; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path, agent }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ response, body }));
      });
      req.on("error", reject);
      req.end();
    });
  return { lifecycle, server, port, get, slowStarted, release: () => release() };
}

describe("HttpLifecycle", () => {
  it("closes idle keep-alive connections, finishes the request in flight with Connection: close", async () => {
    const { lifecycle, server, get, slowStarted, release } = await start();
    const first = await get("/fast");
    expect(first.response.headers.connection).toBe("keep-alive");

    const fresh = new Agent({ keepAlive: true });
    agents.push(fresh);
    const slow = new Promise<{ response: IncomingMessage; body: string }>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const req = httpRequest({ host: "127.0.0.1", port, path: "/slow", agent: fresh }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ response, body }));
      });
      req.on("error", reject);
      req.end();
    });
    await slowStarted;
    expect(lifecycle.inFlight).toBe(1);
    expect(lifecycle.draining).toBe(false);

    let closed = false;
    const closing = lifecycle.close(server).then(() => (closed = true));
    expect(lifecycle.draining).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false); // the slow request is still being answered

    release();
    const answer = await slow;
    expect(answer.body).toBe("fini");
    expect(answer.response.headers.connection).toBe("close");
    await closing;
    expect(closed).toBe(true);
    expect(lifecycle.inFlight).toBe(0);
  });

  it("refuses new connections once closed", async () => {
    const { lifecycle, server, port } = await start();
    await lifecycle.close(server);
    await expect(fetch(`http://127.0.0.1:${port}/fast`)).rejects.toThrow();
  });

  it("answers a connection accepted just before the close whose request arrives after it", async () => {
    const { lifecycle, server, port } = await start();
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    await new Promise((r) => setTimeout(r, 20)); // accepted by the server, no request yet
    const closing = lifecycle.close(server);
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    const ended = new Promise((resolve) => socket.once("close", resolve));
    socket.write("POST /fast HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n");
    await ended;
    await closing;
    expect(answer).toMatch(/^HTTP\/1.1 404/); // answered (no POST route), not reset
    expect(answer.toLowerCase()).toContain("connection: close");
  });

  it("ends a connection that sends nothing once the grace has passed", async () => {
    const { lifecycle, server, port } = await start();
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    await lifecycle.close(server, { firstRequestGraceMs: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(Date.now() - started).toBeLessThan(2000);
    socket.destroy();
  });

  it("hands off: GET answered 503 with nothing done, POST served, ends once connections stop coming", async () => {
    const { lifecycle, port } = await start();
    const handOff = lifecycle.handOff({ quietMs: 200, maxMs: 5000 });
    const get = await fetch(`http://127.0.0.1:${port}/fast`);
    expect(get.status).toBe(503);
    expect(get.headers.get("retry-after")).toBe("1");
    expect(get.headers.get("connection")).toBe("close");
    const post = await fetch(`http://127.0.0.1:${port}/fast`, { method: "POST" });
    expect(post.status).toBe(404); // reached the app (no POST route here), not refused
    expect(post.headers.get("connection")).toBe("close");
    const started = Date.now();
    await handOff;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("the hand-off lasts while connections keep coming, up to its limit", async () => {
    const { lifecycle, port } = await start();
    const started = Date.now();
    let done = false;
    const handOff = lifecycle.handOff({ quietMs: 200, maxMs: 800 }).then(() => (done = true));
    while (!done) {
      await fetch(`http://127.0.0.1:${port}/fast`).then((r) => r.arrayBuffer());
      await new Promise((r) => setTimeout(r, 50));
    }
    await handOff;
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
  });
  it("from the start of the drain, every response asks to close its connection", async () => {
    const { lifecycle, get } = await start();
    expect((await get("/fast")).response.headers.connection).toBe("keep-alive");
    lifecycle.markDraining();
    const during = await get("/fast");
    expect(during.body).toBe("ok");
    expect(during.response.headers.connection).toBe("close");
  });

  it("with keepIdle, an idle keep-alive connection is left open and a request on it is still answered", async () => {
    const { lifecycle, server, port } = await start();
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    let ended = false;
    const gone = new Promise((resolve) => socket.once("close", resolve)).then(() => (ended = true));
    socket.write("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((r) => setTimeout(r, 100));
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    expect(answer.toLowerCase()).toContain("connection: keep-alive");

    let closed = false;
    const closing = lifecycle.close(server, { keepIdle: true }).then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 200));
    // A proxy's pool may be writing a request on this very connection: it is not ended under it.
    expect(ended).toBe(false);
    expect(closed).toBe(false);
    answer = "";
    socket.write("POST /fast HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n");
    await gone;
    await closing;
    expect(answer).toMatch(/^HTTP\/1.1 404/); // answered (no POST route here), not reset
    expect(answer.toLowerCase()).toContain("connection: close");
  });
});
