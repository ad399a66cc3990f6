import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { GUARDED_ROUTES } from "~/rules/staff-paths";
import { ACTION_LABELS, actionLabel, AREA_LABELS, areaLabel, areaSegment, itemText, UNKNOWN_ACTION } from "./labels";

const APP = resolve(__dirname, "../..");

/** The module an import names, when it is one of the app's own files. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? join(APP, specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) if (existsSync(candidate)) return candidate;
  return null;
}

/** A staff screen's route module and the actions and schemas it reads, within each feature folder it
 * imports (a helper from another area is posted to on that area's screen, not here). */
function actionSources(routeFile: string): string[] {
  const seen = new Set<string>([routeFile]);
  const queue = [routeFile];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(/from\s+"([^"]+)"/g)) {
      const target = resolveImport(file, specifier!);
      if (!target || seen.has(target)) continue;
      const isAction = /(?:^|\/)(?:[^/]*schema\.ts|[^/]+\.server\.ts)$/.test(target);
      const sameFolder = file === routeFile || dirname(target) === dirname(file);
      // The log's own middleware reads every screen's intents; it posts none.
      const isLog = target.includes("/features/journal/");
      if (isAction && sameFolder && target.includes("/features/") && !isLog) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen];
}

/** Every intent literal a source names: zod literals and enums, comparisons, result objects and types. */
function intentsIn(source: string): string[] {
  const found = new Set<string>();
  const strings = (list: string) => [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  const patterns = [
    /intent\??:\s*z\.literal\(\s*"([^"]+)"/g,
    /\bintent\s*[!=]==\s*"([^"]+)"/g,
    /"intent"\)\s*[!=]==\s*"([^"]+)"/g,
    /name="intent"\s+value="([^"]+)"/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.add(m[1]!);
  for (const m of source.matchAll(/intent\??:\s*z\.enum\(\s*\[([^\]]*)\]/g))
    strings(m[1]!).forEach((s) => found.add(s));
  // Result objects and their types: intent: "a" | "b", intent: "a" as const.
  for (const m of source.matchAll(/\bintent\??:\s*((?:"[^"]+"\s*\|\s*)*"[^"]+")/g))
    strings(m[1]!).forEach((s) => found.add(s));
  return [...found];
}

const staffActions = GUARDED_ROUTES.map(([path, file]) => ({
  segment: path.split("/")[0]!,
  file: join(APP, file),
})).filter(({ file }) => /export (?:async )?function action\b|export const action\b/.test(readFileSync(file, "utf8")));

describe("the activity log's labels", () => {
  it("finds the staff screens' actions and their intents (the reading itself works)", () => {
    const segments = new Set(staffActions.map((a) => a.segment));
    for (const segment of ["edit-machines", "edit-demandes", "edit-products", "edit-pages", "creer-machine"])
      expect(segments, segment).toContain(segment);
    const machines = staffActions.find((a) => a.segment === "edit-machines")!;
    const intents = actionSources(machines.file).flatMap((f) => intentsIn(readFileSync(f, "utf8")));
    expect(intents).toEqual(expect.arrayContaining(["save-machine", "delete-machine", "save-step"]));
  });

  for (const { segment, file } of staffActions) {
    it(`every intent ${file.slice(APP.length)} posts has a French label`, () => {
      expect(AREA_LABELS[segment], `area of /${segment}`).toBeTruthy();
      const intents = actionSources(file).flatMap((source) => intentsIn(readFileSync(source, "utf8")));
      // 'invalid' is what an action answers to a post it refused; no form posts it.
      const posted = [...new Set(intents)].filter((intent) => intent !== "invalid");
      const missing = posted.filter((intent) => !ACTION_LABELS[segment]?.[intent]);
      expect(missing, `intents of /${segment} without a label in ACTION_LABELS`).toEqual([]);
    });
  }

  it("reads intents however a schema or an action writes them", () => {
    const source = `
      z.object({ intent: z.literal("save-thing"), id });
      z.object({ intent: z.enum(["draft", "publish"]) });
      if (form.get("intent") !== "resend") return;
      if (intent === "create-tag") {}
      type R = { ok: true; intent: "video-uploaded" | "delete-video" };
      return { intent: "send-proposal" as const };
      <button name="intent" value="liberer" />`;
    expect(intentsIn(source).sort()).toEqual(
      [
        "create-tag",
        "delete-video",
        "draft",
        "liberer",
        "publish",
        "resend",
        "save-thing",
        "send-proposal",
        "video-uploaded",
      ].sort(),
    );
  });

  it("every label is written French, without the raw intent", () => {
    for (const [segment, labels] of Object.entries(ACTION_LABELS)) {
      expect(AREA_LABELS[segment], segment).toBeTruthy();
      for (const [intent, label] of Object.entries(labels)) {
        expect(label, intent).toMatch(/^[A-ZÉ][^()]+[a-zéèê]$/u);
        expect(label).not.toContain(intent);
      }
    }
  });
});

describe("a line of the log", () => {
  it("says what was done from the stored area and intent", () => {
    expect(actionLabel("Machines, catégories et étapes", "delete-machine")).toBe("Machine supprimée");
    expect(actionLabel("Produits et étiquettes", "update")).toBe("Produit enregistré");
    expect(actionLabel("Produits et étiquettes", "delete")).toBe("Produit supprimé");
    expect(actionLabel("Galerie", "delete")).toBe("Photo supprimée");
    expect(actionLabel("Demandes de contact", "statut")).toBe("Étape de la demande changée");
    expect(actionLabel("Propositions", "clear-template")).toBe("Modèle de proposition supprimé");
    expect(actionLabel("Propositions", "post")).toBe("Modèle de proposition supprimé");
    // A screen recorded by its path before it had a label.
    expect(actionLabel("/edit-propositions", "resend")).toBe("Lien de la proposition renvoyé");
  });

  it("never shows a raw intent: an unknown one is a plain 'modification'", () => {
    expect(actionLabel("Demandes de contact", "traiter")).toBe(UNKNOWN_ACTION);
    expect(actionLabel("Écran inconnu", "delete-machine")).toBe(UNKNOWN_ACTION);
    expect(actionLabel("Machines, catégories et étapes", "constructor")).toBe(UNKNOWN_ACTION);
  });

  it("names the item, never by a bare id", () => {
    expect(itemText("« Signature »")).toBe("« Signature »");
    expect(itemText("7e04aa5b-534c-4f5e-9a3b-2c1d0e9f8a7b")).toBeNull();
    expect(itemText("  ")).toBeNull();
  });

  it("maps screens to their area labels and back", () => {
    expect(areaLabel("edit-machines")).toBe("Machines, catégories et étapes");
    expect(areaLabel("edit-inconnu")).toBe("/edit-inconnu");
    expect(areaSegment("Demandes de contact")).toBe("edit-demandes");
    expect(areaSegment("/edit-inconnu")).toBe("edit-inconnu");
    expect(areaSegment("n'importe quoi")).toBeNull();
  });
});
