// The wall between browser and server code, kept by the build: browser code that reaches a file under
// server/ (the infrastructure, whose files carry no .server suffix) fails the client build and the dev
// server, naming both files. React Router refuses *.server.* modules in browser code the same way.
// Type-only imports are erased before modules are resolved, so they pass.
import path from "node:path";
import type { Plugin } from "vite";

/** Why `resolvedId` may not be imported by `importer` in browser code, or null when it may. */
export function serverWallError(root: string, resolvedId: string, importer: string): string | null {
  const file = resolvedId.split("?")[0]!;
  const inServer = path.relative(path.join(root, "server"), file);
  if (inServer.startsWith("..") || path.isAbsolute(inServer)) return null;
  const name = (p: string) => path.relative(root, p.split("?")[0]!);
  return (
    `${name(importer)} imports ${name(file)}, which is server code, into the browser bundle. ` +
    "Browser code reaches server/ only through an area's *.server.ts module (loaders and actions), or as types."
  );
}

export function serverWall(): Plugin {
  let root = process.cwd();
  return {
    name: "server-wall",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
    },
    async resolveId(source, importer, options) {
      // The dev server's dependency scan reads route modules before their loaders are removed.
      if (!importer || (options as { scan?: boolean }).scan) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      const error = serverWallError(root, resolved.id, importer);
      if (error) this.error(error);
      return resolved;
    },
  };
}
