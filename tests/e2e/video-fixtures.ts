// The demo content has no video: specs about the machine videos run on the video fixture site
// (tests/e2e/catalogue-server.mts, started with the others), filled with the catalogue fixtures and a
// short WebM. Its pages are only read, so every spec and both widths share it.
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { CatalogueFixtures } from "../support/catalogue-fixtures";
import { VIDEO_FIXTURE_PORT } from "./ports";
import { test } from "./support";

export type VideoFixtureServer = {
  baseURL: () => string;
  fixtures: () => CatalogueFixtures;
  /** The machine with pictures, a video and steps. */
  machinePath: () => string;
};

/** The fixture site's address and ids, read before the tests of the calling file or describe block (the
 * site answers before its fixtures are stored: their file comes a moment later). */
export function useVideoFixtureServer(): VideoFixtureServer {
  const baseURL = `http://127.0.0.1:${VIDEO_FIXTURE_PORT}`;
  const file = join(tmpdir(), `site-e2e-catalogue-${VIDEO_FIXTURE_PORT}`, "fixtures.json");
  let fixtures: CatalogueFixtures | undefined;

  test.beforeAll(async () => {
    const deadline = Date.now() + 60_000;
    while (!fixtures) {
      fixtures = await readFile(file, "utf8").then(
        (text) => JSON.parse(text) as CatalogueFixtures,
        () => undefined,
      );
      if (fixtures) break;
      if (Date.now() > deadline) throw new Error(`the video fixture site wrote no ${file}`);
      await sleep(200);
    }
  });

  const loaded = () => {
    if (!fixtures) throw new Error("the video fixture site's ids have not been read");
    return fixtures;
  };
  return {
    baseURL: () => baseURL,
    fixtures: loaded,
    machinePath: () => `${baseURL}/machines/${loaded().categories.withMachines}/${loaded().machines.full}`,
  };
}
