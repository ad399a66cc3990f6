// Starts the site: the built app in production, or the Vite dev server with hot reload in development.
import "./scripts/check-node.mjs";
const dev = process.env.NODE_ENV === "development";

if (dev) {
  const { createServer } = await import("vite");
  const viteDevServer = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { startServer } = await viteDevServer.ssrLoadModule("./app/site.server.ts");
  await startServer({ viteDevServer });
} else {
  const { startServer } = await import("./build/server/index.js");
  await startServer();
}
