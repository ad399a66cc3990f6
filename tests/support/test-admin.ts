/** The staff account every integration test signs in with. */
export const TEST_ADMIN = { username: "admin-test", password: "mot-de-passe-très-sûr" };
