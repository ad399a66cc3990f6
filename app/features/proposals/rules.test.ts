import { describe, expect, it } from "vitest";
import {
  expiresAt,
  greetsAlready,
  isExpired,
  isProposalToken,
  parseLayout,
  pdfSegmentToken,
  PROPOSAL_MSG,
  proposalPdfPath,
  proposalState,
  sectionProducts,
} from "./rules";

const P1 = "11111111-1111-4111-8111-111111111111";
const grid = { rows: 2, cols: 3, position: { x: 50, y: 50 }, size: { width: 300, height: 400 } };
const layout = (slots: unknown[], sections: unknown[] = [grid]) => JSON.stringify({ sections, slots });

describe("a proposal's layout", () => {
  it("keeps sections and slots within their grids", () => {
    const result = parseLayout(layout([{ section: 0, slot: 5, productId: P1 }]));
    expect(result).toEqual({ ok: true, layout: { sections: [grid], slots: [{ section: 0, slot: 5, productId: P1 }] } });
  });
  it("refuses a layout without a product, with a French message", () => {
    expect(parseLayout(layout([]))).toEqual({ ok: false, error: PROPOSAL_MSG.noProduct });
    expect(parseLayout(layout([]), { allowEmpty: true }).ok).toBe(true);
  });
  it("refuses a slot outside its grid, a repeated slot, a bad id, four sections or junk", () => {
    for (const bad of [
      layout([{ section: 0, slot: 6, productId: P1 }]),
      layout([{ section: 1, slot: 0, productId: P1 }]),
      layout([
        { section: 0, slot: 1, productId: P1 },
        { section: 0, slot: 1, productId: P1 },
      ]),
      layout([{ section: 0, slot: 0, productId: "x" }]),
      layout([{ section: 0, slot: 0, productId: P1 }], [grid, grid, grid, grid]),
      "{",
      "x".repeat(200_000),
      42,
    ]) {
      expect(parseLayout(bad)).toEqual({ ok: false, error: PROPOSAL_MSG.badLayout });
    }
  });
  it("brings a grid back within its limits", () => {
    const result = parseLayout(
      layout([{ section: 0, slot: 0, productId: P1 }], [{ ...grid, rows: 40, size: { width: 10, height: 4000 } }]),
    );
    expect(result.ok && result.layout.sections[0]).toMatchObject({ rows: 10, size: { width: 50, height: 900 } });
  });
});

describe("expiry and state", () => {
  const sent = new Date("2026-01-01T12:00:00Z");
  it("lasts 60 days", () => {
    expect(expiresAt(sent).toISOString()).toBe("2026-03-02T12:00:00.000Z");
    expect(isExpired(sent, new Date("2026-03-02T11:59:59Z"))).toBe(false);
    expect(isExpired(sent, new Date("2026-03-02T12:00:00Z"))).toBe(true);
  });
  it("shows accepted over expired, expired over the rest", () => {
    const later = new Date("2026-06-01T00:00:00Z");
    expect(proposalState({ status: "acceptee", created_at: sent }, later)).toBe("Acceptée");
    expect(proposalState({ status: "vue", created_at: sent }, later)).toBe("Expirée");
    expect(proposalState({ status: "vue", created_at: sent }, sent)).toBe("Vue");
    expect(proposalState({ status: "envoyee", created_at: sent }, sent)).toBe("Envoyée");
    expect(proposalState({ status: "modifications-demandees", created_at: sent }, sent)).toBe(
      "Modifications demandées",
    );
  });
  it("takes tokens of 32 hex characters only", () => {
    expect(isProposalToken("0123456789abcdef0123456789abcdef")).toBe(true);
    expect(isProposalToken("0123456789abcdef0123456789abcde")).toBe(false);
    expect(isProposalToken("../etc/passwd")).toBe(false);
  });
});

describe("a proposal's PDF address", () => {
  const token = "0123456789abcdef0123456789abcdef";
  it("is the page's with '.pdf' on the end, and reads back to its token", () => {
    expect(proposalPdfPath(token)).toBe(`/proposition/${token}.pdf`);
    expect(pdfSegmentToken(`${token}.pdf`)).toBe(token);
  });
  it("is nothing for a page's segment or a malformed token", () => {
    for (const segment of [token, `${token}.PDF`, `${token}.pdf.pdf`, "abc.pdf", ".pdf", undefined]) {
      expect(pdfSegmentToken(segment), String(segment)).toBeNull();
    }
  });
});

describe("sectionProducts", () => {
  const item = (section: number, slot: number, name: string, price = 2.5) => ({
    section,
    slot,
    name,
    price,
    image: `/media/product-images/${name}.jpg`,
  });
  it("lists a section's products once each, in the order of their first slot, with their slot count", () => {
    const items = [item(0, 0, "Café"), item(0, 1, "Thé", 2), item(1, 0, "Café"), item(0, 2, "Café")];
    expect(sectionProducts(items, 0)).toEqual([
      { name: "Café", image: "/media/product-images/Café.jpg", price: 2.5, count: 2 },
      { name: "Thé", image: "/media/product-images/Thé.jpg", price: 2, count: 1 },
    ]);
    expect(sectionProducts(items, 1)).toEqual([
      { name: "Café", image: "/media/product-images/Café.jpg", price: 2.5, count: 1 },
    ]);
    expect(sectionProducts(items, 2)).toEqual([]);
  });
});

describe("greetsAlready", () => {
  it("knows a message that opens with its own greeting", () => {
    expect(greetsAlready("Bonjour Hélène,\n\nVoici…")).toBe(true);
    expect(greetsAlready("  bonsoir !")).toBe(true);
    expect(greetsAlready("Chère Madame,")).toBe(true);
    expect(greetsAlready("Voici la machine.")).toBe(false);
    expect(greetsAlready("Bonjournée")).toBe(false);
    expect(greetsAlready("")).toBe(false);
  });
});
