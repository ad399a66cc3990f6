// A stranger's POST to a staff screen is answered before its body is read: the client announces a
// megabyte, sends a kilobyte and waits. A server that read the body first would never answer.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/server";

const ANNOUNCED = 1024 * 1024;

/** Sends a request's head announcing `ANNOUNCED` bytes and only the first kilobyte of the body;
 * resolves with the raw answer once the server closes the connection. */
function postWithoutFinishing(url: string, path: string, cookie?: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer from ${path} while its body was unsent`));
    }, 5000);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", () => {}); // a reset after the answer: the answer is what counts
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.write(
      [
        `POST ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        `Origin: ${url}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${ANNOUNCED}`,
        "Connection: keep-alive",
        ...(cookie ? [`Cookie: ${cookie}`] : []),
        "",
        "",
      ].join("\r\n"),
    );
    socket.write("intent=" + "a".repeat(1017));
  });
}

describe("guarded URLs check the session before reading a body", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it.each([
    "/edit-products",
    "/edit-products.data",
    "/edit",
    "/edit/sauvegarde",
    "/edit-machines.data",
    "/edit-gallery",
    "/edit-demandes",
    "/creer-machine",
    "/creer-machine/123.data",
    "/about",
    "/EDIT-PRODUCTS",
    "/%65dit-products",
    "/api/upload/product-images",
  ])("an anonymous POST to %s gets 401 and a closed connection, its body unread", async (path) => {
    const answer = await postWithoutFinishing(app.url, path);
    const [head] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 401 /);
    expect(head).toMatch(/\r\nConnection: close\r\n/i);
    expect(head).toMatch(/\r\nCache-Control: private, no-store\r\n/i);
    expect(answer).toContain("Votre session a expiré. Veuillez vous reconnecter.");
  });

  it("a forged session cookie is refused the same way", async () => {
    const answer = await postWithoutFinishing(app.url, "/edit-products", "sid=forged");
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });

  it("a whole 1 MB body sent by a client library gets the 401 too", async () => {
    const response = await app.fetch("/edit-products.data", { method: "POST", body: "x=" + "a".repeat(ANNOUNCED) });
    expect(response.status).toBe(401);
  });

  it("a signed-in POST still reaches its action, and public forms are not affected", async () => {
    const cookie = await app.login();
    const staff = await app.fetch("/edit-products.data", {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ intent: "create-tag", nom: "Étiquette du garde" }),
    });
    expect(staff.status).toBe(200);
    const login = await app.fetch("/login", {
      method: "POST",
      body: new URLSearchParams({ username: "x", password: "y" }),
    });
    expect(login.status).toBe(401);
    expect(login.headers.get("connection")).not.toBe("close");
  });
});
