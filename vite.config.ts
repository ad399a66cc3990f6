import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { clientChunking } from "./vite.chunks.ts";
import { precompress } from "./vite.precompress.ts";

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: clientChunking() } } },
  // The SSR build's entry is our Express app, which imports the React Router server build. React
  // Router reads a custom server entry from the ssr environment's options.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: { external: ["@electric-sql/pglite", "sharp", "pg", "pino"] },
  plugins: [tailwindcss(), reactRouter(), precompress()],
}));
