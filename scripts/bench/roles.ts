// What checking a staff member's role costs each staff request: the rule itself (app/rules/staff-roles.ts)
// timed over every staff route and method, as often as one request runs it (the early check before a
// body is read, the guarded layout's loader, the route's loader or action: 3 times), beside a staff
// page's own latency on the built server (signed in, 60 sequential requests).
import { GUARDED_ROUTES } from "../../app/rules/staff-paths";
import { mayAccess, type StaffRole } from "../../app/rules/staff-roles";
import { BENCH_ADMIN_ENV, signIn, startBuiltServer, table } from "./lib";

const CHECKS_PER_REQUEST = 3;
const ACCOUNTS: StaffRole[][] = [["proprietaire"], ["ventes"], ["service"], ["contenu"], ["ventes", "service"]];

function ruleCostMicroseconds(): number {
  const paths = GUARDED_ROUTES.map(([path]) => `/${path.replace(/:\w+/g, "0b0e7c1e-1d0b-4c8e-9a39-7c1c1c1c1c1c")}`);
  const calls = () => {
    let allowed = 0;
    for (const roles of ACCOUNTS)
      for (const path of paths) for (const method of ["GET", "POST"]) if (mayAccess(roles, method, path)) allowed++;
    return allowed;
  };
  for (let i = 0; i < 200; i++) calls();
  const rounds = 2_000;
  const started = performance.now();
  for (let i = 0; i < rounds; i++) calls();
  const perCall = ((performance.now() - started) * 1000) / (rounds * ACCOUNTS.length * paths.length * 2);
  return perCall;
}

async function pageLatency(url: string, cookie: string, count = 60) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export default async function bench(): Promise<string> {
  const perCall = ruleCostMicroseconds();
  const perRequestMs = (perCall * CHECKS_PER_REQUEST) / 1000;
  const server = await startBuiltServer(BENCH_ADMIN_ENV, 4391);
  let pages: (string | number)[][];
  try {
    const cookie = await signIn(server.url);
    pages = [];
    for (const path of ["/edit", "/edit-service", "/edit-demandes"]) {
      pages.push([path, (await pageLatency(`${server.url}${path}`, cookie)).toFixed(1)]);
    }
  } finally {
    await server.stop();
  }
  return [
    "### Roles (the check of every staff request)",
    "",
    `The rule: ${perCall.toFixed(2)} µs a call; ${CHECKS_PER_REQUEST} calls a request = ${perRequestMs.toFixed(4)} ms (budget ≤ 1 ms) — ${perRequestMs <= 1 ? "**within budget**" : "**OVER BUDGET**"}.`,
    "",
    table(["staff page (signed in, PGlite)", "p50 ms"], pages),
  ].join("\n");
}
