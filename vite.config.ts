import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { clientChunking } from "./server/pages/build/chunks.ts";
import { precompress } from "./vite.precompress.ts";
import { serverWall } from "./vite.server-wall.ts";
import { minifiedStartProgram } from "./server/pages/build/start-program.ts";

// The proposal PDF's worker thread, a second entry of the server build: build/server/pdf-worker.js
// (app/features/proposals/pdf-renderer.server.ts starts it).
function pdfWorkerEntry(): Plugin {
  return {
    name: "pdf-worker-entry",
    apply: "build",
    buildStart() {
      if (this.environment.name !== "ssr") return;
      this.emitFile({ type: "chunk", id: "./app/features/proposals/pdf-worker.ts", fileName: "pdf-worker.js" });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: clientChunking() } } },
  // The SSR build's entry is our Express app, which imports the React Router server build. React
  // Router reads a custom server entry from the ssr environment's options.
  environments: { ssr: { build: { rollupOptions: { input: "./app/site.server.ts" } } } },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // drizzle-orm is bundled: resolved at run time, each of its subpath imports parses its 179 KB package
  // exports map again, and the garbage left the server about 80 MB larger for good.
  ssr: { external: ["@electric-sql/pglite", "sharp", "pg", "pino"], noExternal: ["drizzle-orm"] },
  plugins: [pdfWorkerEntry(), serverWall(), tailwindcss(), reactRouter(), precompress(), minifiedStartProgram()],
}));
