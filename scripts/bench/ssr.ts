// SSR throughput and latency of the home page and the health check, and the server's peak memory.
// Renders are measured: the visitors' page cache (scripts/bench/pages.ts) is off.
import { load, startBuiltServer, table } from "./lib";

export default async function bench(): Promise<string> {
  const server = await startBuiltServer({ PAGE_CACHE_MB: "0" });
  try {
    const rows: (string | number)[][] = [];
    for (const path of ["/", "/healthz"]) {
      await load(server.url + path, { connections: 5, duration: 2 }); // warm-up
      for (const connections of [10, 50]) {
        const r = await load(server.url + path, { connections, duration: 8 });
        rows.push([path, connections, r.rps, r.p50, r.p99, r.errors + r.non2xx]);
      }
    }
    return [
      "### SSR under load (autocannon, 8 s per row)",
      table(["path", "connections", "req/s", "p50 ms", "p99 ms", "errors"], rows),
      "",
      `Server peak RSS: ${Math.round(server.peakRssMb())} MB`,
    ].join("\n");
  } finally {
    await server.stop();
  }
}
