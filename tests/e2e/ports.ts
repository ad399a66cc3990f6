// The test sites' ports, from E2E_PORT (3100 by default): the public pages' site, the staff site 100
// above, the machine videos' site (tests/e2e/catalogue-server.mts) 50 above and the site without
// content (public-empty.spec.ts) 60 above.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const ADMIN_PORT = E2E_PORT + 100;
export const VIDEO_FIXTURE_PORT = E2E_PORT + 50;
export const EMPTY_SITE_PORT = E2E_PORT + 60;
