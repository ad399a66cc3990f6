// What route modules' loaders, actions and middleware take from the server's infrastructure: the
// request's services and facts, the staff guard, data that streams when it is slow. Route modules
// are browser code too (React Router removes their loaders and actions from the browser bundle), so
// they reach server/ only through a *.server.ts module, which the build refuses in browser code.
export { guardMutationsMiddleware, requireAdmin } from "../../server/auth/guard";
export { getRequestInfo, getServices } from "../../server/context";
export { readyOrDeferred } from "../../server/lib/deferred";
