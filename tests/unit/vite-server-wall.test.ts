import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverWallError } from "../../vite.server-wall";

const root = path.resolve("/site");
const at = (p: string) => path.join(root, p);

describe("the build's wall between browser and server code", () => {
  it("refuses a file under server/ in browser code, naming both files", () => {
    const error = serverWallError(root, at("server/db/client.ts"), at("app/features/catalogue/badges.tsx"));
    expect(error).toContain(`${path.join("app", "features", "catalogue", "badges.tsx")} imports`);
    expect(error).toContain(path.join("server", "db", "client.ts"));
  });

  it("refuses it with a query string too", () => {
    expect(serverWallError(root, at("server/media/rules.ts?v=1"), at("app/root.tsx"))).not.toBeNull();
  });

  it("lets everything else through", () => {
    expect(serverWallError(root, at("app/rules/uploads.ts"), at("app/root.tsx"))).toBeNull();
    expect(
      serverWallError(root, at("app/features/machines/queries.server.ts"), at("app/routes/machines.tsx")),
    ).toBeNull();
    expect(serverWallError(root, at("server-side-notes/x.ts"), at("app/root.tsx"))).toBeNull();
    expect(serverWallError(root, at("node_modules/react/index.js"), at("app/root.tsx"))).toBeNull();
  });
});
