import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const [base, runs, ...paths] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless","--no-sandbox","--disable-gpu","--disable-background-networking"] });
for (const p of paths) {
  await fetch(base + p).then(r => r.arrayBuffer());
  const out = [];
  for (let i = 0; i < Number(runs); i++) {
    const r = await lighthouse(base + p, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const a = r.lhr.audits;
    const js = a["resource-summary"].details.items.find(x => x.resourceType === "script");
    out.push(`${Math.round(r.lhr.categories.performance.score*100)}/FCP${Math.round(a["first-contentful-paint"].numericValue)}/LCP${Math.round(a["largest-contentful-paint"].numericValue)}/TBT${Math.round(a["total-blocking-time"].numericValue)}/js${Math.round(js.transferSize/1024)}k`);
  }
  console.log(p, out.join("  "));
}
chrome.kill();
