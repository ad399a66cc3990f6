// What an operator runs, started by a test: the built site (`node server.js`) as separate processes,
// and Debian's nginx in front of them, unprivileged, with everything in a temporary folder.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { get as httpsGet } from "node:https";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { projectRoot } from "../../server/lib/paths";

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `url` until it answers 200 (or throws after `timeoutMs`); `ca`: the certificate to trust. */
export async function waitUntilOk(
  url: string,
  timeoutMs: number,
  what: string,
  alive?: () => void,
  ca?: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    alive?.();
    const ok = await (ca ? httpsStatus(url, ca) : fetch(url, { signal: AbortSignal.timeout(2000) })).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${url})`);
    await sleep(100);
  }
}

/** The status of a GET over HTTPS trusting `ca` (fetch has no option for a certificate of one's own). */
function httpsStatus(url: string, ca: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const request = httpsGet(url, { ca, timeout: 2000 }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", reject);
  });
}

export type Instance = {
  name: string;
  port: number;
  url: string;
  /** The instance's output so far (for failure messages). */
  output(): string;
  /** Starts the process (again); resolves once /readyz answers 200. */
  start(): Promise<void>;
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
  kill(): void;
  running(): boolean;
};

/** One instance of the built site: `node server.js` in production mode, as `npm run serve` starts it. */
export function siteInstance(name: string, port: number, env: Record<string, string>): Instance {
  let child: ChildProcess | null = null;
  let exited: Promise<number | null> = Promise.resolve(null);
  let log = "";
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    name,
    port,
    url,
    output: () => log.slice(-8000),
    async start() {
      if (child) throw new Error(`${name} is already running`);
      const started = spawn(process.execPath, ["--max-semi-space-size=16", "server.js"], {
        cwd: projectRoot,
        env: { ...process.env, ...env, NODE_ENV: "production", MALLOC_ARENA_MAX: "2", PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      started.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
      started.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
      exited = new Promise((resolve) =>
        started.once("exit", (code) => {
          log += `\n[${name} exited with ${code}]\n`;
          if (child === started) child = null;
          resolve(code);
        }),
      );
      await waitUntilOk(`${url}/readyz`, 90_000, `${name} ready`, () => {
        if (child !== started) throw new Error(`${name} exited during start:\n${instance.output()}`);
      });
    },
    async stop() {
      child?.kill("SIGTERM");
      return exited;
    },
    kill() {
      child?.kill("SIGKILL");
    },
    running: () => child !== null,
  };
  return instance;
}

export type Proxy = {
  url: string;
  dir: string;
  errorLog(): Promise<string>;
  stop(): Promise<void>;
};

const NGINX = "/usr/sbin/nginx";

/** The idle timeout of nginx's upstream pool, below the instances' KEEP_ALIVE_TIMEOUT_MS. */
export const NGINX_KEEPALIVE_TIMEOUT_S = 4;

/** Where nginx finds a certificate and its key (PEM files) to serve HTTPS. */
type Tls = { cert: string; key: string };

/** The nginx configuration of docs/operations.md, "Several instances", with paths for a test; with
 * `tls`, HTTPS and HTTP/2 as there (otherwise plain HTTP); with `keepalive`, the upstream connection
 * pool recommended there. */
function nginxConfig({
  dir,
  port,
  upstreams,
  tls,
  keepalive = false,
}: {
  dir: string;
  port: number;
  upstreams: number[];
  tls?: Tls;
  keepalive?: boolean;
}): string {
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=1s;`).join("\n");
  const pool = keepalive ? `\n    keepalive 16;\n    keepalive_timeout ${NGINX_KEEPALIVE_TIMEOUT_S}s;` : "";
  const poolHeaders = keepalive ? `\n      proxy_http_version 1.1;\n      proxy_set_header Connection "";` : "";
  return `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  upstream site {
${servers}${pool}
  }
  server {
    listen 127.0.0.1:${port}${tls ? ` ssl http2;\n    ssl_certificate ${tls.cert};\n    ssl_certificate_key ${tls.key};` : ";"}
    client_max_body_size 210m;
    location / {
      proxy_pass http://site;${poolHeaders}
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_timeout 10s;
      proxy_connect_timeout 2s;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      # For the test only: which instance answered (the last one tried).
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** A certificate for localhost made for one run (openssl, valid one day), in dir. */
async function localhostCertificate(dir: string): Promise<Tls> {
  const tls = { cert: join(dir, "localhost.crt"), key: join(dir, "localhost.key") };
  const openssl = spawn(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1"]
      .concat(["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
      .concat(["-keyout", tls.key, "-out", tls.cert]),
    { stdio: "ignore" },
  );
  const code = await new Promise<number | null>((resolve) => {
    openssl.once("exit", resolve);
    openssl.once("error", () => resolve(null));
  });
  if (code !== 0) throw new Error("openssl could not make a certificate (apt-get install -y openssl)");
  return tls;
}

export async function startNginx(
  upstreams: number[],
  port: number,
  { https = false, keepalive = false } = {},
): Promise<Proxy> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: apt-get install -y nginx-light (.ci/run installs it)`);
  }
  const dir = await mkdtemp(join(tmpdir(), "site-nginx-"));
  const conf = join(dir, "nginx.conf");
  const tls = https ? await localhostCertificate(dir) : undefined;
  await writeFile(conf, nginxConfig({ dir, port, upstreams, tls, keepalive }));
  const child = spawn(NGINX, ["-p", dir, "-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = https ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;
  try {
    const ca = tls && (await readFile(tls.cert, "utf8"));
    await waitUntilOk(
      `${url}/healthz`,
      15_000,
      "nginx",
      () => {
        if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
      },
      ca,
    );
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url,
    dir,
    errorLog: () => readFile(join(dir, "error.log"), "utf8").catch(() => ""),
    async stop() {
      child.kill("SIGQUIT");
      await Promise.race([exited, sleep(5000).then(() => child.kill("SIGKILL"))]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
