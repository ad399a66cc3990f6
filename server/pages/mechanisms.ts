// Each mechanism of the render step can be turned off, for the bench alone: scripts/bench/page-pipeline.ts
// measures pages with and without each, side by side (PAGE_PIPELINE_OFF=critical-css,scripts-last).
// Without 'critical-css' the page links the whole stylesheet in its head, as a plain React Router app
// does; without 'scripts-last' React's module preloads and start script stay where React puts them.
export type Mechanism = "critical-css" | "scripts-last";

const off = new Set((process.env.PAGE_PIPELINE_OFF ?? "").split(",").map((name) => name.trim()));

export function isOn(mechanism: Mechanism): boolean {
  return !off.has(mechanism);
}
