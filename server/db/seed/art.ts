// Demo pictures drawn as SVG strings (rendered to WebP by ./index.ts). Pure functions: same input,
// same picture. Palette: ink #0f1115, ivory #f8f5ef, brass #b8893b, plus per-item accents.
import type { BagMotif, CabinetModel, PackKind, SceneKind, StepArt } from "./data";

const FONT = "DejaVu Sans, Liberation Sans, sans-serif";
const INK = "#0f1115";
const IVORY = "#f8f5ef";
const BRASS = "#b8893b";

// ---------- helpers ----------

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function hex(c: string): [number, number, number] {
  const v = c.replace("#", "");
  return [parseInt(v.slice(0, 2), 16), parseInt(v.slice(2, 4), 16), parseInt(v.slice(4, 6), 16)];
}

/** Mixes two #rrggbb colours: t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = hex(a);
  const y = hex(b);
  return (
    "#" +
    x
      .map((v, i) =>
        Math.round(v + (y[i]! - v) * t)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);
function luminance(c: string): number {
  const [r, g, b] = hex(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const f = (n: number) => Math.round(n * 10) / 10;

function svg(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

function text(x: number, y: number, s: string, size: number, fill: string, extra = ""): string {
  return `<text x="${f(x)}" y="${f(y)}" font-family="${FONT}" font-size="${f(size)}" fill="${fill}" ${extra}>${esc(s)}</text>`;
}

/** Font size so that `s` fits `width` (DejaVu Sans bold averages ~0.62 em per character). */
function fit(s: string, width: number, max: number, em = 0.64): number {
  return Math.min(max, width / (Math.max(s.length, 1) * em));
}

let uidCounter = 0;
function uid(prefix: string): string {
  uidCounter += 1;
  return `${prefix}${uidCounter}`;
}

// Accent colours for the little packs behind the glass.
const PACK_COLOURS = [
  "#c4322b",
  "#2a6f97",
  "#e0b820",
  "#4f8a3c",
  "#b3621b",
  "#d23a6b",
  "#3f4f9a",
  "#f08a1c",
  "#1e9e8f",
  "#7d3f5c",
  "#e4606d",
  "#6b4a32",
  "#8e4f9e",
  "#3b8fc4",
];

// ---------- vending machine ----------

export type CabinetStyle = {
  model: CabinetModel;
  body: string;
  trim: string;
  fridge?: boolean;
  rows: number;
  cols: number;
  packs: PackKind[];
  seed: number;
};

export type Rect = { x: number; y: number; w: number; h: number };

/** Cabinet geometry in its own coordinates (height 1000, width by model). */
function cabinetGeometry(model: CabinetModel) {
  const w = model === "slim" ? 520 : model === "wide" ? 760 : 620;
  const panelW = model === "slim" ? 118 : model === "wide" ? 150 : 134;
  const glass: Rect = { x: 34, y: 112, w: w - 34 - 22 - panelW - 30, h: 690 };
  const panel: Rect = { x: glass.x + glass.w + 22, y: 112, w: panelW, h: 690 };
  const drawer: Rect = { x: 34, y: 828, w: glass.w, h: 104 };
  return { w, h: 1000, glass, panel, drawer };
}

function miniPack(
  kind: PackKind,
  cx: number,
  bottom: number,
  cw: number,
  rh: number,
  colour: string,
  r: () => number,
): string {
  const dark = darken(colour, 0.35);
  const light = lighten(colour, 0.35);
  switch (kind) {
    case "bag": {
      const w = cw * 0.74;
      const h = rh * 0.74;
      const x = cx - w / 2;
      const y = bottom - h;
      const teeth = 5;
      let top = `M${f(x)} ${f(y + 5)}`;
      for (let i = 0; i < teeth; i++)
        top += ` L${f(x + (w * (i + 0.5)) / teeth)} ${f(y)} L${f(x + (w * (i + 1)) / teeth)} ${f(y + 5)}`;
      return (
        `<path d="${top} L${f(x + w - 2)} ${f(bottom)} L${f(x + 2)} ${f(bottom)} Z" fill="${colour}"/>` +
        `<rect x="${f(x + w * 0.18)}" y="${f(y + h * 0.38)}" width="${f(w * 0.64)}" height="${f(h * 0.22)}" rx="2" fill="${IVORY}" opacity="0.9"/>` +
        `<rect x="${f(x + 3)}" y="${f(y + 8)}" width="${f(w * 0.12)}" height="${f(h * 0.7)}" fill="#fff" opacity="0.18"/>`
      );
    }
    case "bar": {
      const w = cw * 0.84;
      const h = Math.min(rh * 0.34, w * 0.5);
      const x = cx - w / 2;
      const out: string[] = [];
      for (let k = 0; k < 2; k++) {
        const y = bottom - h * (k + 1) - k * 2;
        out.push(
          `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="2" fill="${k ? colour : darken(colour, 0.1)}"/>` +
            `<rect x="${f(x + w * 0.22)}" y="${f(y + h * 0.25)}" width="${f(w * 0.56)}" height="${f(h * 0.5)}" rx="2" fill="${light}"/>`,
        );
      }
      return out.join("");
    }
    case "bottle": {
      const w = Math.min(cw * 0.46, rh * 0.3);
      const h = rh * 0.8;
      const x = cx - w / 2;
      const y = bottom - h;
      return (
        `<rect x="${f(cx - w * 0.22)}" y="${f(y)}" width="${f(w * 0.44)}" height="${f(h * 0.1)}" rx="1.5" fill="${dark}"/>` +
        `<path d="M${f(cx - w * 0.2)} ${f(y + h * 0.1)} L${f(cx - w * 0.2)} ${f(y + h * 0.2)} Q${f(x)} ${f(y + h * 0.26)} ${f(x)} ${f(y + h * 0.36)} L${f(x)} ${f(bottom - 2)} Q${f(x)} ${f(bottom)} ${f(x + 3)} ${f(bottom)} L${f(x + w - 3)} ${f(bottom)} Q${f(x + w)} ${f(bottom)} ${f(x + w)} ${f(bottom - 2)} L${f(x + w)} ${f(y + h * 0.36)} Q${f(x + w)} ${f(y + h * 0.26)} ${f(cx + w * 0.2)} ${f(y + h * 0.2)} L${f(cx + w * 0.2)} ${f(y + h * 0.1)} Z" fill="${lighten(colour, 0.5)}" opacity="0.95"/>` +
        `<rect x="${f(x)}" y="${f(y + h * 0.45)}" width="${f(w)}" height="${f(h * 0.3)}" fill="${colour}"/>` +
        `<rect x="${f(x + 2)}" y="${f(y + h * 0.3)}" width="${f(w * 0.16)}" height="${f(h * 0.6)}" fill="#fff" opacity="0.3"/>`
      );
    }
    case "can": {
      const w = Math.min(cw * 0.5, rh * 0.34);
      const h = rh * 0.62;
      const x = cx - w / 2;
      const y = bottom - h;
      return (
        `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(w * 0.14)}" fill="${colour}"/>` +
        `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h * 0.08)}" rx="2" fill="#c9ccd1"/>` +
        `<rect x="${f(x)}" y="${f(y + h * 0.4)}" width="${f(w)}" height="${f(h * 0.22)}" fill="${IVORY}" opacity="0.85"/>` +
        `<rect x="${f(x + w * 0.12)}" y="${f(y + h * 0.1)}" width="${f(w * 0.14)}" height="${f(h * 0.85)}" fill="#fff" opacity="0.22"/>`
      );
    }
    case "cup": {
      const w = Math.min(cw * 0.56, rh * 0.5);
      const h = rh * 0.66;
      const y = bottom - h;
      return (
        `<path d="M${f(cx - w / 2)} ${f(y + h * 0.12)} L${f(cx + w / 2)} ${f(y + h * 0.12)} L${f(cx + w * 0.36)} ${f(bottom)} L${f(cx - w * 0.36)} ${f(bottom)} Z" fill="${IVORY}"/>` +
        `<rect x="${f(cx - w * 0.55)}" y="${f(y)}" width="${f(w * 1.1)}" height="${f(h * 0.13)}" rx="3" fill="${darken(colour, 0.2)}"/>` +
        `<path d="M${f(cx - w * 0.46)} ${f(y + h * 0.4)} L${f(cx + w * 0.46)} ${f(y + h * 0.4)} L${f(cx + w * 0.41)} ${f(y + h * 0.72)} L${f(cx - w * 0.41)} ${f(y + h * 0.72)} Z" fill="${colour}"/>`
      );
    }
    case "bowl": {
      const w = cw * 0.8;
      const h = rh * 0.5;
      const x = cx - w / 2;
      const y = bottom - h;
      const fill = r() > 0.5 ? "#7aa23a" : "#e0a24a";
      return (
        `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(h * 0.25)}" fill="${lighten(colour, 0.75)}" opacity="0.92"/>` +
        `<ellipse cx="${f(cx - w * 0.15)}" cy="${f(y + h * 0.55)}" rx="${f(w * 0.22)}" ry="${f(h * 0.22)}" fill="${fill}"/>` +
        `<ellipse cx="${f(cx + w * 0.18)}" cy="${f(y + h * 0.6)}" rx="${f(w * 0.18)}" ry="${f(h * 0.2)}" fill="#c4322b" opacity="0.85"/>` +
        `<rect x="${f(x + w * 0.25)}" y="${f(y - 4)}" width="${f(w * 0.5)}" height="${f(h * 0.28)}" rx="2" fill="${colour}"/>`
      );
    }
  }
}

/**
 * A vending machine as an SVG group drawn in its own coordinates (0..geometry.w × 0..1000).
 * `empty`: the chassis view, dark glass with faint shelf lines and no products.
 */
function cabinet(style: CabinetStyle, empty = false): string {
  const g = cabinetGeometry(style.model);
  const id = uid("cab");
  const body = style.body;
  const lightBody = luminance(body) > 0.6;
  const edge = lightBody ? darken(body, 0.12) : lighten(body, 0.12);
  const r = rng(style.seed);
  const { glass, panel, drawer } = g;
  const out: string[] = [];
  out.push(`<defs>
    <linearGradient id="${id}b" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0" stop-color="${lighten(body, lightBody ? 0.3 : 0.1)}"/>
      <stop offset="0.08" stop-color="${body}"/>
      <stop offset="0.9" stop-color="${body}"/>
      <stop offset="1" stop-color="${darken(body, 0.3)}"/>
    </linearGradient>
    <linearGradient id="${id}g" x1="0" x2="0.35" y1="0" y2="1">
      <stop offset="0" stop-color="${style.fridge ? "#1b2a38" : "#1a1d24"}"/>
      <stop offset="1" stop-color="${style.fridge ? "#0c141c" : "#0b0c10"}"/>
    </linearGradient>
    <linearGradient id="${id}t" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0" stop-color="${darken(style.trim, 0.2)}"/>
      <stop offset="0.5" stop-color="${lighten(style.trim, 0.25)}"/>
      <stop offset="1" stop-color="${darken(style.trim, 0.2)}"/>
    </linearGradient>
    <linearGradient id="${id}s" x1="0" x2="0" y1="0" y2="1">
      <stop offset="0" stop-color="#243444"/>
      <stop offset="1" stop-color="#101820"/>
    </linearGradient>
  </defs>`);
  // Body, plinth and side bevel.
  out.push(`<rect x="0" y="0" width="${g.w}" height="${g.h - 24}" rx="20" fill="url(#${id}b)"/>`);
  out.push(`<rect x="14" y="${g.h - 34}" width="${g.w - 28}" height="34" rx="6" fill="${darken(body, 0.45)}"/>`);
  out.push(
    `<rect x="6" y="6" width="${g.w - 12}" height="${g.h - 36}" rx="16" fill="none" stroke="${edge}" stroke-width="2" opacity="0.6"/>`,
  );
  // Header with the wordmark.
  out.push(
    `<rect x="34" y="30" width="${g.w - 68}" height="62" rx="10" fill="${lightBody ? INK : darken(body, 0.35)}"/>`,
  );
  out.push(`<rect x="34" y="90" width="${g.w - 68}" height="3" fill="url(#${id}t)"/>`);
  out.push(
    text(g.w / 2, 73, "Boréal", 34, `url(#${id}t)`, `text-anchor="middle" font-weight="bold" letter-spacing="6"`),
  );
  // Glass frame.
  out.push(
    `<rect x="${glass.x - 8}" y="${glass.y - 8}" width="${glass.w + 16}" height="${glass.h + 16}" rx="12" fill="${darken(body, 0.5)}"/>`,
  );
  out.push(
    `<rect x="${glass.x - 8}" y="${glass.y - 8}" width="${glass.w + 16}" height="${glass.h + 16}" rx="12" fill="none" stroke="url(#${id}t)" stroke-width="3"/>`,
  );
  out.push(`<rect x="${glass.x}" y="${glass.y}" width="${glass.w}" height="${glass.h}" rx="5" fill="url(#${id}g)"/>`);
  // Shelves.
  const top = glass.y + 26;
  const rowH = (glass.h - 34) / style.rows;
  const cw = (glass.w - 20) / style.cols;
  // LED strip.
  out.push(
    `<rect x="${glass.x + 6}" y="${glass.y + 6}" width="${glass.w - 12}" height="6" rx="3" fill="${style.fridge ? "#dff1ff" : "#fff3d6"}" opacity="${empty ? 0.35 : 0.95}"/>`,
  );
  if (!empty)
    out.push(
      `<rect x="${glass.x}" y="${glass.y}" width="${glass.w}" height="${glass.h * 0.5}" fill="${style.fridge ? "#bfe3ff" : "#ffe2a8"}" opacity="0.06"/>`,
    );
  for (let row = 0; row < style.rows; row++) {
    const shelfY = top + rowH * (row + 1);
    if (empty) {
      out.push(
        `<line x1="${glass.x + 10}" x2="${glass.x + glass.w - 10}" y1="${f(shelfY)}" y2="${f(shelfY)}" stroke="#ffffff" stroke-opacity="0.14" stroke-width="2"/>`,
      );
      continue;
    }
    const kind = style.packs[row % style.packs.length]!;
    for (let col = 0; col < style.cols; col++) {
      const cx = glass.x + 10 + cw * (col + 0.5);
      const colour = PACK_COLOURS[Math.floor(r() * PACK_COLOURS.length)]!;
      // Spiral coil hint.
      if (kind !== "bowl" && kind !== "cup") {
        out.push(
          `<path d="M${f(cx - cw * 0.4)} ${f(shelfY - 3)} q${f(cw * 0.1)} -7 ${f(cw * 0.2)} 0 t${f(cw * 0.2)} 0 t${f(cw * 0.2)} 0 t${f(cw * 0.2)} 0" fill="none" stroke="#9aa3ad" stroke-width="1.5" opacity="0.55"/>`,
        );
      }
      out.push(miniPack(kind, cx, shelfY - 5, cw, rowH - 14, colour, r));
    }
    // Shelf edge with price tags.
    out.push(
      `<rect x="${glass.x + 4}" y="${f(shelfY - 2)}" width="${glass.w - 8}" height="9" fill="${darken(style.trim, 0.35)}"/>`,
    );
    for (let col = 0; col < style.cols; col++) {
      const cx = glass.x + 10 + cw * (col + 0.5);
      out.push(
        `<rect x="${f(cx - Math.min(11, cw * 0.3))}" y="${f(shelfY)}" width="${f(Math.min(22, cw * 0.6))}" height="6" rx="1" fill="${IVORY}" opacity="0.85"/>`,
      );
    }
  }
  // Glass reflections.
  out.push(
    `<path d="M${glass.x} ${glass.y + glass.h * 0.62} L${glass.x + glass.w * 0.55} ${glass.y} L${glass.x + glass.w * 0.72} ${glass.y} L${glass.x} ${glass.y + glass.h * 0.86} Z" fill="#ffffff" opacity="${empty ? 0.05 : 0.07}"/>`,
  );
  out.push(
    `<path d="M${glass.x + glass.w * 0.8} ${glass.y} L${glass.x + glass.w} ${glass.y} L${glass.x + glass.w} ${glass.y + glass.h * 0.12} Z" fill="#ffffff" opacity="0.05"/>`,
  );
  // Control panel.
  out.push(
    `<rect x="${panel.x}" y="${panel.y}" width="${panel.w}" height="${panel.h}" rx="10" fill="${lightBody ? darken(body, 0.08) : darken(body, 0.25)}"/>`,
  );
  const sx = panel.x + 12;
  const sw = panel.w - 24;
  out.push(`<rect x="${sx}" y="${panel.y + 14}" width="${sw}" height="${f(sw * 1.25)}" rx="8" fill="#07090c"/>`);
  out.push(
    `<rect x="${sx + 5}" y="${panel.y + 19}" width="${sw - 10}" height="${f(sw * 1.25 - 10)}" rx="5" fill="url(#${id}s)"/>`,
  );
  out.push(
    `<rect x="${sx + 12}" y="${panel.y + 28}" width="${f((sw - 24) * 0.6)}" height="7" rx="3" fill="${style.trim}"/>`,
  );
  const tileW = (sw - 30) / 2;
  for (let i = 0; i < 4; i++) {
    const tx = sx + 12 + (i % 2) * (tileW + 6);
    const ty = panel.y + 44 + Math.floor(i / 2) * (tileW + 6);
    out.push(
      `<rect x="${f(tx)}" y="${f(ty)}" width="${f(tileW)}" height="${f(tileW)}" rx="4" fill="${PACK_COLOURS[(style.seed + i * 3) % PACK_COLOURS.length]}" opacity="0.85"/>`,
    );
  }
  out.push(
    `<rect x="${sx + 12}" y="${f(panel.y + sw * 1.25 - 10)}" width="${sw - 24}" height="12" rx="6" fill="${style.trim}" opacity="0.9"/>`,
  );
  // Keypad.
  const ky = panel.y + 30 + sw * 1.25;
  const kw = (sw - 16) / 3;
  for (let i = 0; i < 12; i++) {
    const kx = sx + (i % 3) * (kw + 8);
    const kyy = ky + Math.floor(i / 3) * (kw * 0.62 + 8);
    out.push(
      `<rect x="${f(kx)}" y="${f(kyy)}" width="${f(kw)}" height="${f(kw * 0.62)}" rx="4" fill="${lightBody ? "#f4f1ea" : darken(body, 0.55)}" stroke="${lightBody ? "#cfc6b4" : lighten(body, 0.15)}" stroke-width="1"/>`,
    );
  }
  // Card reader with the contactless mark.
  const ry = ky + 4 * (kw * 0.62 + 8) + 14;
  out.push(
    `<rect x="${sx}" y="${f(ry)}" width="${sw}" height="${f(sw * 0.78)}" rx="8" fill="#14171c" stroke="${style.trim}" stroke-width="2"/>`,
  );
  const rcx = sx + sw / 2;
  const rcy = ry + sw * 0.39;
  for (let i = 1; i <= 3; i++) {
    out.push(
      `<path d="M${f(rcx - 14 + i * 7)} ${f(rcy - i * 7)} a${i * 9} ${i * 9} 0 0 1 0 ${i * 14}" fill="none" stroke="${IVORY}" stroke-width="3" stroke-linecap="round" opacity="0.85"/>`,
    );
  }
  out.push(`<rect x="${f(rcx - 6)}" y="${f(ry + sw * 0.78 - 14)}" width="12" height="4" rx="2" fill="#4ade80"/>`);
  // Drawer.
  out.push(
    `<rect x="${drawer.x}" y="${drawer.y}" width="${drawer.w}" height="${drawer.h}" rx="10" fill="${darken(body, 0.55)}"/>`,
  );
  out.push(
    `<rect x="${drawer.x + 14}" y="${drawer.y + 14}" width="${drawer.w - 28}" height="${drawer.h - 28}" rx="6" fill="#050607"/>`,
  );
  out.push(
    `<rect x="${drawer.x + 14}" y="${drawer.y + 14}" width="${drawer.w - 28}" height="${(drawer.h - 28) * 0.55}" rx="6" fill="${lightBody ? "#3a3d44" : lighten(body, 0.08)}"/>`,
  );
  out.push(
    `<rect x="${drawer.x + drawer.w / 2 - 50}" y="${drawer.y + 24}" width="100" height="8" rx="4" fill="url(#${id}t)"/>`,
  );
  out.push(
    text(
      drawer.x + drawer.w / 2,
      drawer.y + drawer.h - 22,
      "POUSSER",
      13,
      "#9aa0a8",
      `text-anchor="middle" letter-spacing="3"`,
    ),
  );
  // Panel foot: coin return and badge.
  out.push(
    `<rect x="${panel.x + 12}" y="${drawer.y}" width="${panel.w - 24}" height="${drawer.h}" rx="8" fill="${darken(body, 0.4)}"/>`,
  );
  out.push(
    `<circle cx="${panel.x + panel.w / 2}" cy="${drawer.y + drawer.h / 2}" r="18" fill="none" stroke="url(#${id}t)" stroke-width="3"/>`,
  );
  out.push(
    text(
      panel.x + panel.w / 2,
      drawer.y + drawer.h / 2 + 7,
      "B",
      20,
      style.trim,
      `text-anchor="middle" font-weight="bold"`,
    ),
  );
  return out.join("");
}

/** A cabinet placed so its feet are at (cx, floorY) and its height is `height` px, with a soft shadow. */
function placedCabinet(style: CabinetStyle, cx: number, floorY: number, height: number, empty = false): string {
  const g = cabinetGeometry(style.model);
  const s = height / g.h;
  const w = g.w * s;
  const id = uid("sh");
  return (
    `<defs><radialGradient id="${id}"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
    `<ellipse cx="${f(cx)}" cy="${f(floorY)}" rx="${f(w * 0.72)}" ry="${f(height * 0.045)}" fill="url(#${id})"/>` +
    `<g transform="translate(${f(cx - w / 2)} ${f(floorY - height)}) scale(${s.toFixed(4)})">${cabinet(style, empty)}</g>`
  );
}

// ---------- decor ----------

function plant(x: number, floorY: number, s: number, potColour = "#e9e2d4"): string {
  const leaves: string[] = [];
  const r = rng(Math.round(x * 7 + s * 13));
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI / 2 + (i - 4) * 0.32 + (r() - 0.5) * 0.2;
    const len = s * (0.9 + r() * 0.6);
    const ex = x + Math.cos(a) * len;
    const ey = floorY - s * 0.55 + Math.sin(a) * len;
    const c = ["#2f6b45", "#3d7d52", "#245a3a", "#4c8c5c"][i % 4];
    leaves.push(
      `<path d="M${f(x)} ${f(floorY - s * 0.55)} Q${f((x + ex) / 2 + Math.sin(a) * s * 0.25)} ${f((floorY - s * 0.55 + ey) / 2 - Math.cos(a) * s * 0.1)} ${f(ex)} ${f(ey)} Q${f((x + ex) / 2 - Math.sin(a) * s * 0.2)} ${f((floorY - s * 0.55 + ey) / 2 + Math.cos(a) * s * 0.15)} ${f(x)} ${f(floorY - s * 0.55)} Z" fill="${c}"/>`,
    );
  }
  return (
    `<ellipse cx="${f(x)}" cy="${f(floorY)}" rx="${f(s * 0.5)}" ry="${f(s * 0.07)}" fill="#000" opacity="0.2"/>` +
    leaves.join("") +
    `<path d="M${f(x - s * 0.32)} ${f(floorY - s * 0.6)} L${f(x + s * 0.32)} ${f(floorY - s * 0.6)} L${f(x + s * 0.24)} ${f(floorY)} L${f(x - s * 0.24)} ${f(floorY)} Z" fill="${potColour}"/>` +
    `<rect x="${f(x - s * 0.34)}" y="${f(floorY - s * 0.64)}" width="${f(s * 0.68)}" height="${f(s * 0.07)}" rx="3" fill="${darken(potColour, 0.1)}"/>`
  );
}

function pendant(x: number, y: number, s: number, colour = INK): string {
  return (
    `<line x1="${f(x)}" y1="0" x2="${f(x)}" y2="${f(y)}" stroke="${colour}" stroke-width="2"/>` +
    `<ellipse cx="${f(x)}" cy="${f(y + s * 0.5)}" rx="${f(s * 1.6)}" ry="${f(s * 0.5)}" fill="#fff3d1" opacity="0.35"/>` +
    `<path d="M${f(x - s * 0.7)} ${f(y + s * 0.5)} Q${f(x)} ${f(y - s * 0.6)} ${f(x + s * 0.7)} ${f(y + s * 0.5)} Z" fill="${colour}"/>` +
    `<ellipse cx="${f(x)}" cy="${f(y + s * 0.5)}" rx="${f(s * 0.45)}" ry="${f(s * 0.12)}" fill="#fff6dc"/>`
  );
}

function windowPane(
  x: number,
  y: number,
  w: number,
  h: number,
  frame = "#2b2f36",
  sky = ["#bcd7ea", "#eef4f6"],
): string {
  const id = uid("sky");
  const cols = Math.max(2, Math.round(w / 140));
  let mull = "";
  for (let i = 1; i < cols; i++)
    mull += `<rect x="${f(x + (w * i) / cols - 3)}" y="${f(y)}" width="6" height="${f(h)}" fill="${frame}"/>`;
  // Distant hills and skyline hint (Québec: old town towers).
  const hills = `<path d="M${f(x)} ${f(y + h * 0.78)} Q${f(x + w * 0.25)} ${f(y + h * 0.62)} ${f(x + w * 0.5)} ${f(y + h * 0.74)} T${f(x + w)} ${f(y + h * 0.7)} L${f(x + w)} ${f(y + h)} L${f(x)} ${f(y + h)} Z" fill="#9fb8a8" opacity="0.7"/>`;
  let towers = "";
  const r = rng(Math.round(x + y + w));
  for (let i = 0; i < 7; i++) {
    const tw = w * (0.04 + r() * 0.05);
    const th = h * (0.12 + r() * 0.25);
    const tx = x + w * (0.05 + i * 0.13);
    towers += `<rect x="${f(tx)}" y="${f(y + h - th)}" width="${f(tw)}" height="${f(th)}" fill="#8aa0b0" opacity="0.55"/>`;
  }
  return (
    `<defs><linearGradient id="${id}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>` +
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="url(#${id})"/>${hills}${towers}${mull}` +
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="none" stroke="${frame}" stroke-width="10"/>` +
    `<path d="M${f(x + w * 0.1)} ${f(y + h)} L${f(x + w * 0.35)} ${f(y)} L${f(x + w * 0.45)} ${f(y)} L${f(x + w * 0.2)} ${f(y + h)} Z" fill="#fff" opacity="0.18"/>`
  );
}

function frameArt(x: number, y: number, w: number, h: number, accent: string): string {
  return (
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${INK}"/>` +
    `<rect x="${f(x + 8)}" y="${f(y + 8)}" width="${f(w - 16)}" height="${f(h - 16)}" fill="${IVORY}"/>` +
    `<circle cx="${f(x + w * 0.62)}" cy="${f(y + h * 0.38)}" r="${f(Math.min(w, h) * 0.18)}" fill="${accent}"/>` +
    `<path d="M${f(x + 8)} ${f(y + h - 8)} L${f(x + w * 0.35)} ${f(y + h * 0.5)} L${f(x + w * 0.55)} ${f(y + h * 0.72)} L${f(x + w * 0.75)} ${f(y + h * 0.55)} L${f(x + w - 8)} ${f(y + h - 8)} Z" fill="${INK}" opacity="0.85"/>`
  );
}

function sign(x: number, y: number, label: string, fill = INK, colour = IVORY, size = 26): string {
  const w = label.length * size * 0.68 + 48;
  return (
    `<rect x="${f(x - w / 2)}" y="${f(y)}" width="${f(w)}" height="${f(size * 2)}" rx="${f(size * 0.3)}" fill="${fill}"/>` +
    text(x, y + size * 1.35, label, size, colour, `text-anchor="middle" font-weight="bold" letter-spacing="2"`)
  );
}

type Room = {
  w: number;
  h: number;
  floorY: number;
  wall: string;
  floor: string;
  floorLines?: "planks" | "tiles" | "rubber";
};

function room({ w, h, floorY, wall, floor, floorLines = "planks" }: Room): string {
  const id = uid("rm");
  const out: string[] = [];
  out.push(`<defs>
    <linearGradient id="${id}w" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${lighten(wall, 0.12)}"/><stop offset="1" stop-color="${darken(wall, 0.08)}"/></linearGradient>
    <linearGradient id="${id}f" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${darken(floor, 0.12)}"/><stop offset="1" stop-color="${lighten(floor, 0.08)}"/></linearGradient>
    <radialGradient id="${id}v" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>
  </defs>`);
  out.push(`<rect width="${w}" height="${floorY}" fill="url(#${id}w)"/>`);
  out.push(`<rect y="${floorY}" width="${w}" height="${h - floorY}" fill="url(#${id}f)"/>`);
  const cx = w / 2;
  if (floorLines === "planks" || floorLines === "tiles") {
    const n = floorLines === "tiles" ? 12 : 18;
    for (let i = -n; i <= 2 * n; i++) {
      const xb = (w * i) / n;
      const xt = cx + (xb - cx) * 0.35;
      out.push(
        `<line x1="${f(xt)}" y1="${floorY}" x2="${f(xb)}" y2="${h}" stroke="${darken(floor, 0.25)}" stroke-opacity="0.35" stroke-width="1.5"/>`,
      );
    }
    const rows = floorLines === "tiles" ? 6 : 9;
    for (let j = 1; j <= rows; j++) {
      const t = Math.pow(j / rows, 1.8);
      const y = floorY + (h - floorY) * t;
      out.push(
        `<line x1="0" y1="${f(y)}" x2="${w}" y2="${f(y)}" stroke="${darken(floor, 0.25)}" stroke-opacity="${floorLines === "tiles" ? 0.35 : 0.15}" stroke-width="1.5"/>`,
      );
    }
  }
  // Baseboard and wall light falloff.
  out.push(`<rect y="${floorY - 14}" width="${w}" height="14" fill="${darken(wall, 0.3)}"/>`);
  out.push(`<rect y="${floorY}" width="${w}" height="10" fill="#000" opacity="0.12"/>`);
  out.push(`<rect width="${w}" height="${h}" fill="url(#${id}v)"/>`);
  return out.join("");
}

function lockers(x: number, floorY: number, n: number, colour: string): string {
  const w = 62;
  const h = 300;
  let s = "";
  for (let i = 0; i < n; i++) {
    const lx = x + i * (w + 4);
    s +=
      `<rect x="${lx}" y="${floorY - h}" width="${w}" height="${h}" rx="3" fill="${colour}"/>` +
      `<rect x="${lx + 6}" y="${floorY - h + 8}" width="${w - 12}" height="${h - 16}" rx="2" fill="none" stroke="${darken(colour, 0.2)}" stroke-width="2"/>`;
    for (let k = 0; k < 4; k++)
      s += `<rect x="${lx + 16}" y="${floorY - h + 24 + k * 9}" width="${w - 32}" height="4" rx="2" fill="${darken(colour, 0.3)}"/>`;
    s += `<rect x="${lx + w - 18}" y="${floorY - h / 2}" width="6" height="26" rx="3" fill="#c9ccd1"/>`;
  }
  return s;
}

function chair(x: number, floorY: number, colour: string): string {
  return (
    `<rect x="${x}" y="${floorY - 120}" width="90" height="18" rx="8" fill="${colour}"/>` +
    `<rect x="${x + 6}" y="${floorY - 210}" width="78" height="96" rx="14" fill="${colour}"/>` +
    `<rect x="${x + 10}" y="${floorY - 104}" width="6" height="104" fill="${INK}"/><rect x="${x + 74}" y="${floorY - 104}" width="6" height="104" fill="${INK}"/>`
  );
}

function counter(x: number, floorY: number, w: number, top: string, front: string): string {
  return (
    `<rect x="${x}" y="${floorY - 190}" width="${w}" height="190" fill="${front}"/>` +
    `<rect x="${x - 10}" y="${floorY - 204}" width="${w + 20}" height="18" rx="3" fill="${top}"/>` +
    Array.from(
      { length: Math.floor(w / 30) },
      (_, i) => `<rect x="${x + 10 + i * 30}" y="${floorY - 180}" width="16" height="170" fill="#000" opacity="0.08"/>`,
    ).join("")
  );
}

function dumbbells(x: number, floorY: number): string {
  let s =
    `<rect x="${x}" y="${floorY - 150}" width="260" height="10" rx="4" fill="#222"/><rect x="${x}" y="${floorY - 80}" width="260" height="10" rx="4" fill="#222"/>` +
    `<rect x="${x + 6}" y="${floorY - 150}" width="10" height="150" fill="#222"/><rect x="${x + 244}" y="${floorY - 150}" width="10" height="150" fill="#222"/>`;
  for (let i = 0; i < 5; i++) {
    for (const y of [floorY - 165, floorY - 95]) {
      const dx = x + 22 + i * 48;
      s += `<rect x="${dx}" y="${y}" width="10" height="22" rx="3" fill="#3a3a3a"/><rect x="${dx + 10}" y="${y + 8}" width="16" height="6" fill="#9aa0a8"/><rect x="${dx + 26}" y="${y}" width="10" height="22" rx="3" fill="#3a3a3a"/>`;
    }
  }
  return s;
}

function mailboxes(x: number, y: number, cols: number, rows: number): string {
  let s = `<rect x="${x - 10}" y="${y - 10}" width="${cols * 54 + 16}" height="${rows * 40 + 16}" rx="4" fill="#6b5a45"/>`;
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++)
      s += `<rect x="${x + i * 54}" y="${y + j * 40}" width="48" height="34" rx="2" fill="#c9a25a"/><rect x="${x + i * 54 + 16}" y="${y + j * 40 + 6}" width="16" height="4" fill="#6b5a45"/>`;
  return s;
}

export type SceneOptions = {
  kind: SceneKind;
  w: number;
  h: number;
  wall: string;
  machines: CabinetStyle[];
};

/** An installation scene: wall, perspective floor, decor by kind and one or two machines. */
export function scene({ kind, w, h, wall, machines }: SceneOptions): string {
  const tall = h > w * 0.9;
  const floorY = Math.round(h * (tall ? 0.77 : 0.72));
  const dark = luminance(wall) < 0.35;
  const floor =
    kind === "gym"
      ? "#2c2f33"
      : kind === "hospital" || kind === "school" || kind === "lobby"
        ? "#d9d6cf"
        : kind === "hotel"
          ? "#5a4636"
          : kind === "factory"
            ? "#9aa0a3"
            : kind === "condo"
              ? "#cdbfa9"
              : "#b88c5e";
  const lines =
    kind === "gym"
      ? "rubber"
      : kind === "hospital" || kind === "school" || kind === "lobby" || kind === "factory"
        ? "tiles"
        : "planks";
  const out: string[] = [room({ w, h, floorY, wall, floor, floorLines: lines })];
  const machineH = h * (tall ? 0.62 : 0.6);
  const decor: string[] = [];
  const front: string[] = [];
  const u = w / 1200;
  switch (kind) {
    case "office":
      decor.push(windowPane(w * 0.06, h * 0.1, w * 0.34, floorY - h * 0.22, "#2b2f36"));
      decor.push(frameArt(w * 0.74, h * 0.14, w * 0.16, w * 0.2, BRASS));
      front.push(plant(w * 0.9, floorY + h * 0.06, 150 * u));
      decor.push(pendant(w * 0.25, h * 0.05, 34 * u), pendant(w * 0.75, h * 0.05, 34 * u));
      break;
    case "school":
      decor.push(lockers(w * 0.02, floorY, 5, "#3f6f8f"));
      decor.push(lockers(w * 0.72, floorY, 5, "#c9a23f"));
      decor.push(sign(w * 0.5, h * 0.06, "CAFÉTÉRIA →", "#1f3a33", IVORY, 24 * u));
      break;
    case "gym":
      decor.push(`<rect x="0" y="${h * 0.16}" width="${w}" height="${h * 0.05}" fill="${BRASS}" opacity="0.85"/>`);
      decor.push(dumbbells(w * 0.04, floorY));
      decor.push(sign(w * 0.8, h * 0.05, "ÉNERGIE", IVORY, INK, 26 * u));
      front.push(plant(w * 0.92, floorY + h * 0.08, 130 * u, "#2b2b2b"));
      break;
    case "hospital":
      decor.push(sign(w * 0.22, h * 0.08, "Accueil", "#1f5f7a", IVORY, 28 * u));
      decor.push(windowPane(w * 0.66, h * 0.1, w * 0.3, floorY - h * 0.25, "#e9eef0", ["#cfe3f0", "#f4f8fa"]));
      front.push(
        chair(w * 0.04, floorY + h * 0.05, "#4a8fa8"),
        chair(w * 0.04 + 100 * u, floorY + h * 0.05, "#4a8fa8"),
      );
      front.push(plant(w * 0.94, floorY + h * 0.06, 120 * u));
      break;
    case "cafe":
      decor.push(
        `<rect x="0" y="${h * 0.42}" width="${w}" height="${floorY - h * 0.42}" fill="${darken(wall, 0.15)}" opacity="0.5"/>`,
      );
      for (let i = 0; i < 30; i++)
        decor.push(
          `<rect x="${f((i * w) / 30)}" y="${h * 0.42}" width="${f(w / 30 - 3)}" height="${f(floorY - h * 0.42 - 14)}" fill="#fff" opacity="0.08"/>`,
        );
      decor.push(`<rect x="${w * 0.7}" y="${h * 0.18}" width="${w * 0.26}" height="10" fill="#5a4030"/>`);
      for (let i = 0; i < 5; i++)
        decor.push(
          `<rect x="${w * 0.72 + i * 60 * u}" y="${h * 0.18 - 44 * u}" width="${34 * u}" height="${44 * u}" rx="4" fill="${["#b8893b", "#5a1f2b", IVORY, "#3d5a47", "#b8893b"][i]}"/>`,
        );
      decor.push(pendant(w * 0.2, h * 0.08, 30 * u, BRASS), pendant(w * 0.34, h * 0.12, 30 * u, BRASS));
      front.push(counter(w * 0.7, floorY + h * 0.02, w * 0.28, "#2b2220", "#6b4a32"));
      break;
    case "lobby":
      decor.push(frameArt(w * 0.08, h * 0.12, w * 0.2, w * 0.14, "#c4322b"));
      decor.push(sign(w * 0.78, h * 0.1, "Clinique", INK, IVORY, 24 * u));
      front.push(
        chair(w * 0.72, floorY + h * 0.05, "#b8893b"),
        chair(w * 0.72 + 100 * u, floorY + h * 0.05, "#b8893b"),
      );
      front.push(plant(w * 0.08, floorY + h * 0.07, 140 * u));
      break;
    case "factory":
      decor.push(`<rect x="0" y="${h * 0.08}" width="${w}" height="${h * 0.03}" fill="#e0b820"/>`);
      for (let i = 0; i < 14; i++)
        decor.push(
          `<rect x="${f((i * w) / 14)}" y="${h * 0.08}" width="${f(w / 28)}" height="${h * 0.03}" fill="${INK}"/>`,
        );
      decor.push(windowPane(w * 0.05, h * 0.16, w * 0.3, h * 0.26, "#4a4f55"));
      decor.push(sign(w * 0.86, h * 0.3, "Salle de pause", "#e0b820", INK, 22 * u));
      front.push(
        `<rect x="${w * 0.04}" y="${floorY + h * 0.02 - 150 * u}" width="${300 * u}" height="${20 * u}" rx="6" fill="#8c5a2b"/><rect x="${w * 0.04 + 20 * u}" y="${floorY + h * 0.02 - 130 * u}" width="${12 * u}" height="${130 * u}" fill="${INK}"/><rect x="${w * 0.04 + 270 * u}" y="${floorY + h * 0.02 - 130 * u}" width="${12 * u}" height="${130 * u}" fill="${INK}"/>`,
      );
      break;
    case "hotel":
      for (let i = 0; i < 12; i++)
        decor.push(
          `<rect x="${f((i * w) / 12 + 10)}" y="0" width="${f(w / 12 - 20)}" height="${floorY - 14}" fill="#fff" opacity="0.03"/>`,
        );
      decor.push(
        `<rect x="${w * 0.08}" y="${h * 0.12}" width="${w * 0.2}" height="${w * 0.28}" rx="${w * 0.1}" fill="${BRASS}" opacity="0.25"/>`,
      );
      decor.push(
        `<rect x="${w * 0.085}" y="${h * 0.125}" width="${w * 0.19}" height="${w * 0.27}" rx="${w * 0.095}" fill="none" stroke="${BRASS}" stroke-width="4"/>`,
      );
      decor.push(pendant(w * 0.5, h * 0.04, 40 * u, BRASS), pendant(w * 0.82, h * 0.06, 30 * u, BRASS));
      front.push(plant(w * 0.84, floorY + h * 0.07, 160 * u, "#1a1a1a"));
      break;
    case "campus":
      decor.push(windowPane(w * 0.04, h * 0.08, w * 0.92, h * 0.3, "#1f2329"));
      decor.push(sign(w * 0.16, h * 0.42, "Pavillon", "#1f3a33", IVORY, 22 * u));
      front.push(plant(w * 0.06, floorY + h * 0.07, 130 * u), plant(w * 0.94, floorY + h * 0.07, 120 * u));
      break;
    case "condo":
      decor.push(mailboxes(w * 0.06, h * 0.22, 4, 6));
      decor.push(frameArt(w * 0.74, h * 0.16, w * 0.18, w * 0.14, "#3f6f8f"));
      front.push(plant(w * 0.9, floorY + h * 0.07, 140 * u));
      break;
  }
  out.push(...decor);
  // Machines side by side, centred, with a warm wash of light on the wall behind them.
  const heights = machines.map((_, i) => machineH * (1 - i * 0.04));
  const widths = machines.map((m, i) => (cabinetGeometry(m.model).w / 1000) * heights[i]!);
  const gap = 24 * u;
  let left = w / 2 - (widths.reduce((a, b) => a + b, 0) + gap * (machines.length - 1)) / 2;
  const glowId = uid("gl");
  out.push(
    `<defs><radialGradient id="${glowId}"><stop offset="0" stop-color="#fff4dc" stop-opacity="${dark ? 0.32 : 0.55}"/><stop offset="1" stop-color="#fff4dc" stop-opacity="0"/></radialGradient></defs>`,
  );
  out.push(
    `<ellipse cx="${w / 2}" cy="${f(floorY - machineH * 0.55)}" rx="${f(w * 0.42)}" ry="${f(machineH * 0.7)}" fill="url(#${glowId})"/>`,
  );
  machines.forEach((m, i) => {
    out.push(placedCabinet(m, left + widths[i]! / 2, floorY + h * 0.05, heights[i]!));
    left += widths[i]! + gap;
  });
  out.push(...front);
  if (dark) out.push(`<rect width="${w}" height="${h}" fill="${BRASS}" opacity="0.04"/>`);
  return svg(w, h, out.join(""));
}

// ---------- machine pictures ----------

/** Variant 0: front view on a soft gradient. */
export function machineStudio(style: CabinetStyle): string {
  const accent = mix(style.trim, style.body, luminance(style.body) > 0.6 ? 0.2 : 0.35);
  const w = 1200;
  const h = 1500;
  const id = uid("st");
  const bg =
    `<defs><radialGradient id="${id}" cx="0.5" cy="0.38" r="0.8"><stop offset="0" stop-color="${IVORY}"/><stop offset="0.7" stop-color="${mix(IVORY, accent, 0.14)}"/><stop offset="1" stop-color="${mix(IVORY, accent, 0.28)}"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${id})"/>` +
    `<ellipse cx="600" cy="1345" rx="520" ry="60" fill="${mix(IVORY, accent, 0.22)}"/>`;
  return svg(w, h, bg + placedCabinet(style, 600, 1340, 1180));
}

/** Variant 1: installed in a room. */
export function machineInScene(style: CabinetStyle, kind: SceneKind, wall: string): string {
  return scene({ kind, w: 1200, h: 1500, wall, machines: [style] });
}

/** Variant 2: close-up of the lit shelves. */
export function machineCloseUp(style: CabinetStyle): string {
  const g = cabinetGeometry(style.model);
  const w = 1200;
  const h = 1500;
  // Zoom on the upper-left part of the glass and panel edge.
  const s = 2.5;
  const x0 = -(g.glass.x + g.glass.w * 0.3) * s + w * 0.32;
  const y0 = -(g.glass.y - 12) * s;
  const id = uid("cu");
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${INK}"/>` +
      `<g transform="translate(${f(x0)} ${f(y0)}) scale(${s})">${cabinet(style)}</g>` +
      `<defs><linearGradient id="${id}" x1="0" x2="0" y1="0" y2="1"><stop offset="0.7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient></defs>` +
      `<rect width="${w}" height="${h}" fill="url(#${id})"/>`,
  );
}

export const CHASSIS = { w: 900, h: 1350, cabinetHeight: 1200, floorY: 1290 } as const;

/** Where the glass sits in the 900 × 1350 chassis picture (pixels of that picture). */
export function chassisGlass(model: CabinetModel): Rect {
  const g = cabinetGeometry(model);
  const s = CHASSIS.cabinetHeight / g.h;
  const left = CHASSIS.w / 2 - (g.w * s) / 2;
  const top = CHASSIS.floorY - CHASSIS.cabinetHeight;
  return { x: left + g.glass.x * s, y: top + g.glass.y * s, w: g.glass.w * s, h: g.glass.h * s };
}

/** Chassis overlay: front view, glass empty and dark with faint shelf lines. */
export function machineChassis(style: CabinetStyle): string {
  const id = uid("ch");
  return svg(
    CHASSIS.w,
    CHASSIS.h,
    `<defs><linearGradient id="${id}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fbf9f4"/><stop offset="1" stop-color="#ece6da"/></linearGradient></defs>` +
      `<rect width="${CHASSIS.w}" height="${CHASSIS.h}" fill="url(#${id})"/>` +
      placedCabinet(style, CHASSIS.w / 2, CHASSIS.floorY, CHASSIS.cabinetHeight, true),
  );
}

// ---------- products ----------

export type ProductArt = { kind: PackKind; color: string; label: string; size: string; nom: string; motif?: BagMotif };

function bagMotif(motif: BagMotif, r: () => number): string {
  const out: string[] = [];
  const spots = [
    [345, 500],
    [400, 480],
    [455, 505],
    [370, 550],
    [430, 555],
    [400, 520],
    [330, 545],
    [470, 548],
  ];
  for (const [i, [cx, cy]] of spots.entries()) {
    const x = cx! + (r() - 0.5) * 14,
      y = cy! + (r() - 0.5) * 12,
      a = f(r() * 180);
    switch (motif) {
      case "chips":
        if (i < 7)
          out.push(
            `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(36 + r() * 10)}" ry="${f(24 + r() * 6)}" transform="rotate(${a} ${f(x)} ${f(y)})" fill="#f2c45a" stroke="#d39a2a" stroke-width="3"/>`,
          );
        break;
      case "puffs":
        out.push(
          `<circle cx="${f(x)}" cy="${f(y)}" r="${f(24 + r() * 8)}" fill="#e0a03a" stroke="#b8742a" stroke-width="3"/><circle cx="${f(x - 8)}" cy="${f(y - 8)}" r="7" fill="#fff" opacity="0.35"/>`,
        );
        break;
      case "cubes":
        out.push(
          `<rect x="${f(x - 22)}" y="${f(y - 18)}" width="44" height="36" rx="12" transform="rotate(${a} ${f(x)} ${f(y)})" fill="#f7e1a0" stroke="#d9b45a" stroke-width="3"/>`,
        );
        break;
      case "pretzels":
        if (i < 6)
          out.push(
            `<g transform="rotate(${a} ${f(x)} ${f(y)})" fill="none" stroke="#8c4f1e" stroke-width="9" stroke-linecap="round"><path d="M${f(x - 26)} ${f(y + 14)} C${f(x - 40)} ${f(y - 30)} ${f(x + 10)} ${f(y - 30)} ${f(x + 10)} ${f(y + 10)}"/><path d="M${f(x + 26)} ${f(y + 14)} C${f(x + 40)} ${f(y - 30)} ${f(x - 10)} ${f(y - 30)} ${f(x - 10)} ${f(y + 10)}"/></g>`,
          );
        break;
      case "nuts":
        out.push(
          `<ellipse cx="${f(x)}" cy="${f(y)}" rx="22" ry="14" transform="rotate(${a} ${f(x)} ${f(y)})" fill="${["#b5773a", "#c4322b", "#5c8a3a", "#3a2418"][i % 4]}"/>`,
        );
        break;
      case "cookies":
        if (i < 4)
          out.push(
            `<circle cx="${f(spots[i]![0]! + (i % 2) * 10)}" cy="${f(spots[i]![1]! + 8)}" r="44" fill="#c98e4e" stroke="#9a6b3c" stroke-width="3"/>` +
              Array.from(
                { length: 5 },
                () =>
                  `<circle cx="${f(spots[i]![0]! + (r() - 0.5) * 50)}" cy="${f(spots[i]![1]! + 8 + (r() - 0.5) * 50)}" r="5" fill="#5b3523"/>`,
              ).join(""),
          );
        break;
      case "slices":
        if (i < 6)
          out.push(
            `<ellipse cx="${f(x)}" cy="${f(y)}" rx="34" ry="26" transform="rotate(${a} ${f(x)} ${f(y)})" fill="#f6e7b8" stroke="#c4322b" stroke-width="6"/>`,
          );
        break;
    }
  }
  return out.join("");
}

function productBackground(colour: string, id: string): string {
  // Very dark packs get a warm brass-tinted backdrop instead of a grey one.
  if (luminance(colour) < 0.3) colour = mix(colour, BRASS, 0.7);
  return (
    `<defs><radialGradient id="${id}bg" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="${mix(IVORY, colour, 0.06)}"/><stop offset="1" stop-color="${mix(IVORY, colour, 0.26)}"/></radialGradient>
    <radialGradient id="${id}sh"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    <linearGradient id="${id}gl" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.3" stop-color="#fff" stop-opacity="0"/><stop offset="0.75" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient></defs>` +
    `<rect width="800" height="800" fill="url(#${id}bg)"/>` +
    `<circle cx="400" cy="380" r="300" fill="#fff" opacity="0.35"/>` +
    `<ellipse cx="400" cy="705" rx="250" ry="34" fill="url(#${id}sh)"/>`
  );
}

function labelText(label: string, cx: number, cy: number, width: number, max: number, fill: string): string {
  const size = fit(label, width, max);
  return text(cx, cy + size * 0.36, label, size, fill, `text-anchor="middle" font-weight="bold"`);
}

function brandMark(cx: number, y: number, fill: string, size = 20): string {
  return text(cx, y, "BORÉAL", size, fill, `text-anchor="middle" letter-spacing="${f(size * 0.3)}" font-weight="bold"`);
}

export function productImage(p: ProductArt): string {
  const id = uid("p");
  const c = p.color;
  const ink = luminance(c) > 0.62 ? INK : IVORY;
  const out: string[] = [productBackground(c, id)];
  switch (p.kind) {
    case "bag": {
      // Pillow bag with crimped top and bottom seals.
      const x1 = 215,
        x2 = 585,
        y1 = 120,
        y2 = 690;
      let d = `M${x1} ${y1 + 50}`;
      const crimp = (y: number, dir: number) => {
        let s = "";
        for (let i = 0; i <= 18; i++) s += ` L${f(x1 + ((x2 - x1) * i) / 18)} ${y + (i % 2 ? dir * 16 : 0)}`;
        return s;
      };
      d += ` L${x1} ${y1}${crimp(y1, 1).slice(0)} L${x2} ${y1 + 50} Q${x2 + 24} ${(y1 + y2) / 2} ${x2} ${y2 - 50} L${x2} ${y2}`;
      let bottom = "";
      for (let i = 18; i >= 0; i--) bottom += ` L${f(x1 + ((x2 - x1) * i) / 18)} ${y2 - (i % 2 ? 16 : 0)}`;
      d += bottom + ` L${x1} ${y2 - 50} Q${x1 - 24} ${(y1 + y2) / 2} ${x1} ${y1 + 50} Z`;
      out.push(`<clipPath id="${id}bc"><path d="${d}"/></clipPath>`);
      out.push(`<path d="${d}" fill="${c}"/>`);
      out.push(
        `<g clip-path="url(#${id}bc)"><rect x="${x1 - 30}" y="${y1}" width="${x2 - x1 + 60}" height="50" fill="${darken(c, 0.2)}"/>` +
          `<rect x="${x1 - 30}" y="${y2 - 50}" width="${x2 - x1 + 60}" height="50" fill="${darken(c, 0.2)}"/></g>`,
      );
      for (let i = 0; i < 18; i++) {
        out.push(
          `<line x1="${f(x1 + ((x2 - x1) * (i + 0.5)) / 18)}" y1="${y1 + 4}" x2="${f(x1 + ((x2 - x1) * (i + 0.5)) / 18)}" y2="${y1 + 46}" stroke="#000" stroke-opacity="0.15" stroke-width="2"/>`,
        );
        out.push(
          `<line x1="${f(x1 + ((x2 - x1) * (i + 0.5)) / 18)}" y1="${y2 - 46}" x2="${f(x1 + ((x2 - x1) * (i + 0.5)) / 18)}" y2="${y2 - 4}" stroke="#000" stroke-opacity="0.15" stroke-width="2"/>`,
        );
      }
      out.push(`<path d="${d}" fill="url(#${id}gl)"/>`);
      out.push(brandMark(400, 215, ink, 22));
      out.push(`<rect x="250" y="250" width="300" height="120" rx="60" fill="${IVORY}"/>`);
      out.push(labelText(p.label, 400, 310, 250, 56, darken(c, 0.35)));
      // A window on the contents, drawn by motif.
      out.push(`<ellipse cx="400" cy="520" rx="130" ry="95" fill="${lighten(c, 0.25)}"/>`);
      out.push(bagMotif(p.motif ?? "chips", rng(hash(p.nom))));
      out.push(text(400, 640, p.size, 22, ink, `text-anchor="middle" opacity="0.85"`));
      break;
    }
    case "bar": {
      out.push(`<g transform="rotate(-14 400 400)">`);
      const x1 = 110,
        x2 = 690,
        y1 = 300,
        y2 = 480;
      let d = `M${x1 + 30} ${y1}`;
      d += ` L${x2 - 30} ${y1}`;
      for (let i = 0; i <= 12; i++) d += ` L${x2 - (i % 2 ? 0 : 12)} ${f(y1 + ((y2 - y1) * i) / 12)}`;
      d += ` L${x1 + 30} ${y2}`;
      for (let i = 12; i >= 0; i--) d += ` L${x1 + (i % 2 ? 0 : 12)} ${f(y1 + ((y2 - y1) * i) / 12)}`;
      d += " Z";
      out.push(`<path d="${d}" fill="${c}"/>`);
      out.push(`<rect x="${x1 + 6}" y="${y1}" width="40" height="${y2 - y1}" fill="#000" opacity="0.14"/>`);
      out.push(`<rect x="${x2 - 46}" y="${y1}" width="40" height="${y2 - y1}" fill="#000" opacity="0.14"/>`);
      out.push(`<rect x="${x1}" y="${y1 + 12}" width="${x2 - x1}" height="30" fill="#fff" opacity="0.14"/>`);
      out.push(`<rect x="200" y="${y1 + 36}" width="400" height="${y2 - y1 - 72}" rx="18" fill="${IVORY}"/>`);
      out.push(`<rect x="200" y="${y1 + 36}" width="14" height="${y2 - y1 - 72}" fill="${BRASS}"/>`);
      out.push(labelText(p.label, 405, (y1 + y2) / 2 - 4, 330, 60, darken(c, 0.3)));
      out.push(brandMark(405, y2 - 48, BRASS, 16));
      out.push(`</g>`);
      out.push(text(400, 640, p.size, 24, darken(c, 0.4), `text-anchor="middle" opacity="0.75"`));
      break;
    }
    case "bottle": {
      const cx = 400,
        bw = 230,
        top = 110,
        bottom = 700;
      const x1 = cx - bw / 2,
        x2 = cx + bw / 2;
      out.push(`<rect x="${cx - 52}" y="${top}" width="104" height="70" rx="10" fill="${darken(c, 0.35)}"/>`);
      for (let i = 0; i < 8; i++)
        out.push(`<rect x="${cx - 48 + i * 13}" y="${top + 6}" width="4" height="58" fill="#000" opacity="0.2"/>`);
      const body = `M${cx - 44} ${top + 70} L${cx - 44} ${top + 110} Q${x1} ${top + 160} ${x1} ${top + 240} L${x1} ${bottom - 30} Q${x1} ${bottom} ${x1 + 30} ${bottom} L${x2 - 30} ${bottom} Q${x2} ${bottom} ${x2} ${bottom - 30} L${x2} ${top + 240} Q${x2} ${top + 160} ${cx + 44} ${top + 110} L${cx + 44} ${top + 70} Z`;
      out.push(`<path d="${body}" fill="${mix(c, "#ffffff", 0.45)}" opacity="0.92"/>`);
      out.push(`<clipPath id="${id}cl"><path d="${body}"/></clipPath>`);
      out.push(
        `<rect x="${x1}" y="${top + 200}" width="${bw}" height="${bottom - top - 200}" fill="${mix(c, "#ffffff", 0.15)}" clip-path="url(#${id}cl)"/>`,
      );
      out.push(`<rect x="${x1}" y="${top + 280}" width="${bw}" height="230" fill="${IVORY}"/>`);
      out.push(
        `<rect x="${x1}" y="${top + 280}" width="${bw}" height="46" fill="${c}"/><rect x="${x1}" y="${top + 464}" width="${bw}" height="46" fill="${c}"/>`,
      );
      out.push(
        `<rect x="${x1}" y="${top + 326}" width="${bw}" height="4" fill="${BRASS}"/><rect x="${x1}" y="${top + 460}" width="${bw}" height="4" fill="${BRASS}"/>`,
      );
      out.push(brandMark(cx, top + 310, ink, 17));
      out.push(labelText(p.label, cx, top + 390, bw - 30, 50, darken(c, 0.35)));
      out.push(text(cx, top + 442, p.size, 20, darken(c, 0.3), `text-anchor="middle"`));
      out.push(`<path d="${body}" fill="url(#${id}gl)"/>`);
      out.push(
        `<rect x="${x1 + 22}" y="${top + 200}" width="18" height="${bottom - top - 260}" rx="9" fill="#fff" opacity="0.35"/>`,
      );
      break;
    }
    case "can": {
      const cx = 400,
        cw = 250,
        top = 150,
        bottom = 690;
      const x1 = cx - cw / 2;
      out.push(
        `<path d="M${x1} ${top + 30} Q${x1} ${top} ${x1 + 24} ${top} L${x1 + cw - 24} ${top} Q${x1 + cw} ${top} ${x1 + cw} ${top + 30} L${x1 + cw} ${bottom - 30} Q${x1 + cw} ${bottom} ${x1 + cw - 24} ${bottom} L${x1 + 24} ${bottom} Q${x1} ${bottom} ${x1} ${bottom - 30} Z" fill="${c}"/>`,
      );
      out.push(
        `<ellipse cx="${cx}" cy="${top + 8}" rx="${cw / 2 - 6}" ry="22" fill="#d5d8dd"/><ellipse cx="${cx}" cy="${top + 8}" rx="${cw / 2 - 24}" ry="14" fill="#b5b9c0"/>`,
      );
      out.push(`<rect x="${cx - 30}" y="${top}" width="60" height="12" rx="6" fill="#9aa0a8"/>`);
      out.push(`<rect x="${x1}" y="${bottom - 34}" width="${cw}" height="14" fill="#c9ccd1"/>`);
      out.push(`<rect x="${x1}" y="${top + 180}" width="${cw}" height="150" fill="${IVORY}"/>`);
      out.push(labelText(p.label, cx, top + 255, cw - 40, 54, darken(c, 0.35)));
      out.push(brandMark(cx, top + 120, ink, 20));
      out.push(
        `<circle cx="${cx}" cy="${top + 420}" r="48" fill="none" stroke="${ink}" stroke-width="4" opacity="0.6"/>`,
      );
      out.push(text(cx, top + 490, p.size, 20, ink, `text-anchor="middle" opacity="0.85"`));
      out.push(`<rect x="${x1}" y="${top}" width="${cw}" height="${bottom - top}" rx="24" fill="url(#${id}gl)"/>`);
      out.push(
        `<rect x="${x1 + 30}" y="${top + 40}" width="20" height="${bottom - top - 90}" rx="10" fill="#fff" opacity="0.28"/>`,
      );
      break;
    }
    case "cup": {
      const cx = 400,
        top = 210,
        bottom = 690,
        wt = 320,
        wb = 230;
      out.push(
        `<path d="M${cx - wt / 2} ${top} L${cx + wt / 2} ${top} L${cx + wb / 2} ${bottom} L${cx - wb / 2} ${bottom} Z" fill="${IVORY}"/>`,
      );
      out.push(
        `<path d="M${cx - wt / 2} ${top} L${cx + wt / 2} ${top} L${cx + wb / 2} ${bottom} L${cx - wb / 2} ${bottom} Z" fill="url(#${id}gl)"/>`,
      );
      // Lid.
      out.push(
        `<rect x="${cx - wt / 2 - 16}" y="${top - 36}" width="${wt + 32}" height="40" rx="14" fill="${darken(c, 0.45)}"/>`,
      );
      out.push(
        `<path d="M${cx - wt / 2 + 10} ${top - 36} Q${cx} ${top - 80} ${cx + wt / 2 - 10} ${top - 36} Z" fill="${darken(c, 0.35)}"/>`,
      );
      // Sleeve.
      const sy1 = top + 150,
        sy2 = top + 330;
      const at = (y: number) => wt / 2 - ((wt - wb) / 2) * ((y - top) / (bottom - top));
      out.push(
        `<path d="M${f(cx - at(sy1))} ${sy1} L${f(cx + at(sy1))} ${sy1} L${f(cx + at(sy2))} ${sy2} L${f(cx - at(sy2))} ${sy2} Z" fill="${c}"/>`,
      );
      out.push(labelText(p.label, cx, (sy1 + sy2) / 2 - 12, at(sy2) * 2 - 40, 46, ink));
      out.push(brandMark(cx, sy2 - 30, BRASS, 16));
      // Steam.
      for (let i = -1; i <= 1; i++) {
        out.push(
          `<path d="M${cx + i * 60} ${top - 90} q-24 -40 0 -70 t0 -70" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity="0.75"/>`,
        );
      }
      out.push(text(cx, bottom - 40, p.size, 20, darken(c, 0.3), `text-anchor="middle" opacity="0.8"`));
      break;
    }
    case "bowl": {
      // Clear meal container with a wrap-around label.
      const x1 = 150,
        x2 = 650,
        top = 300,
        bottom = 640;
      out.push(
        `<path d="M${x1} ${top} L${x2} ${top} L${x2 - 30} ${bottom} Q${x2 - 34} ${bottom + 10} ${x2 - 60} ${bottom + 10} L${x1 + 60} ${bottom + 10} Q${x1 + 34} ${bottom + 10} ${x1 + 30} ${bottom} Z" fill="#eef2f0" opacity="0.9"/>`,
      );
      const r = rng(hash(p.nom));
      out.push(
        `<clipPath id="${id}bw"><path d="M${x1 + 8} ${top + 8} L${x2 - 8} ${top + 8} L${x2 - 36} ${bottom} L${x1 + 36} ${bottom} Z"/></clipPath>`,
      );
      // Layers (base, filling, topping) seen through the clear side, then toppings on top.
      const layers = [lighten(c, 0.55), c, lighten(c, 0.3), darken(c, 0.15)];
      out.push(`<g clip-path="url(#${id}bw)">`);
      let ly = bottom;
      for (const [i, colour] of layers.entries()) {
        const lh = (bottom - top - 70) / layers.length;
        let wave = `M${x1} ${f(ly - lh)}`;
        for (let k = 0; k <= 8; k++)
          wave += ` Q${f(x1 + ((x2 - x1) * (k + 0.5)) / 8)} ${f(ly - lh - 10 - r() * 12)} ${f(x1 + ((x2 - x1) * (k + 1)) / 8)} ${f(ly - lh)}`;
        out.push(`<path d="${wave} L${x2} ${ly + 2} L${x1} ${ly + 2} Z" fill="${colour}"/>`);
        if (i === 1)
          for (let k = 0; k < 9; k++)
            out.push(
              `<circle cx="${f(x1 + 50 + k * 50 + r() * 12)}" cy="${f(ly - lh * 0.5)}" r="${f(8 + r() * 6)}" fill="${["#c4322b", "#4f8a3c", "#f2c45a"][k % 3]}" opacity="0.9"/>`,
            );
        ly -= lh;
      }
      for (let k = 0; k < 7; k++)
        out.push(
          `<ellipse cx="${f(x1 + 90 + k * 55 + r() * 10)}" cy="${f(ly - 4 + r() * 10)}" rx="${f(18 + r() * 10)}" ry="${f(9 + r() * 5)}" fill="${["#4f8a3c", "#c4322b", "#f2c45a", "#ffffff"][k % 4]}"/>`,
        );
      out.push(`</g>`);
      out.push(
        `<path d="M${x1} ${top} L${x2} ${top} L${x2 - 30} ${bottom} Q${x2 - 34} ${bottom + 10} ${x2 - 60} ${bottom + 10} L${x1 + 60} ${bottom + 10} Q${x1 + 34} ${bottom + 10} ${x1 + 30} ${bottom} Z" fill="#ffffff" opacity="0.18" stroke="#ffffff" stroke-opacity="0.8" stroke-width="4"/>`,
      );
      // Lid.
      out.push(
        `<rect x="${x1 - 16}" y="${top - 46}" width="${x2 - x1 + 32}" height="52" rx="16" fill="#f4f7f6" opacity="0.92" stroke="#d9dfdc" stroke-width="3"/>`,
      );
      out.push(`<rect x="${x1 + 20}" y="${top - 36}" width="${x2 - x1 - 40}" height="8" rx="4" fill="#fff"/>`);
      // Label band.
      out.push(`<rect x="250" y="${top - 70}" width="300" height="130" rx="14" fill="${c}"/>`);
      out.push(
        `<rect x="250" y="${top - 70}" width="300" height="130" rx="14" fill="none" stroke="${BRASS}" stroke-width="4"/>`,
      );
      out.push(brandMark(400, top - 38, ink, 15));
      out.push(labelText(p.label, 400, top + 4, 250, 46, ink));
      out.push(text(400, bottom + 60, p.size, 22, darken(c, 0.4), `text-anchor="middle" opacity="0.75"`));
      break;
    }
  }
  return svg(800, 800, out.join(""));
}

export type Nutrition = {
  portion: string;
  calories: number;
  fat: number;
  saturated: number;
  trans: number;
  carbs: number;
  fibre: number;
  sugars: number;
  protein: number;
  cholesterol: number;
  sodium: number;
  potassium: number;
  calcium: number;
  iron: number;
};

/** Plausible values by pack kind, varied per product (demo content, not real data). */
export function nutritionFor(kind: PackKind, nom: string, size: string): Nutrition {
  const r = rng(hash(nom));
  const v = (a: number, b: number, step = 1) => Math.round((a + r() * (b - a)) / step) * step;
  const base = {
    bag: { cal: [180, 240], fat: [8, 14], carbs: [18, 28], sugars: [1, 6], protein: [2, 5], sodium: [140, 320] },
    bar: { cal: [140, 260], fat: [4, 12], carbs: [18, 32], sugars: [6, 18], protein: [2, 20], sodium: [40, 160] },
    bottle: { cal: [0, 220], fat: [0, 4], carbs: [0, 40], sugars: [0, 36], protein: [0, 8], sodium: [0, 90] },
    can: { cal: [0, 160], fat: [0, 2], carbs: [0, 38], sugars: [0, 36], protein: [0, 3], sodium: [5, 60] },
    cup: { cal: [5, 260], fat: [0, 9], carbs: [0, 34], sugars: [0, 30], protein: [0, 11], sodium: [5, 160] },
    bowl: { cal: [280, 520], fat: [8, 22], carbs: [30, 60], sugars: [3, 18], protein: [10, 30], sodium: [380, 880] },
  }[kind];
  const fat = v(base.fat[0]!, base.fat[1]!, 0.5);
  return {
    portion: `Par 1 portion (${size}) / per 1 serving (${size})`,
    calories: v(base.cal[0]!, base.cal[1]!, 10),
    fat,
    saturated: Math.round(fat * (0.15 + r() * 0.3) * 2) / 2,
    trans: 0,
    carbs: v(base.carbs[0]!, base.carbs[1]!),
    fibre: v(0, kind === "bowl" ? 8 : 4),
    sugars: v(base.sugars[0]!, base.sugars[1]!),
    protein: v(base.protein[0]!, base.protein[1]!),
    cholesterol: kind === "bowl" ? v(10, 60, 5) : v(0, 15, 5),
    sodium: v(base.sodium[0]!, base.sodium[1]!, 5),
    potassium: v(50, 450, 10),
    calcium: v(10, 200, 10),
    iron: Math.round((0.2 + r() * 2.5) * 10) / 10,
  };
}

const fr = (n: number) => String(n).replace(".", ",");

/** A Canadian-style bilingual 'Valeur nutritive / Nutrition Facts' table. */
export function nutritionPanel(n: Nutrition, accent: string): string {
  const id = uid("nf");
  const x = 190,
    w = 420;
  const out: string[] = [];
  out.push(
    `<defs><linearGradient id="${id}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${mix(IVORY, accent, 0.08)}"/><stop offset="1" stop-color="${mix(IVORY, accent, 0.2)}"/></linearGradient></defs>`,
  );
  out.push(`<rect width="800" height="800" fill="url(#${id})"/>`);
  out.push(`<rect x="${x - 10}" y="36" width="${w + 36}" height="736" rx="6" fill="#000" opacity="0.08"/>`);
  out.push(
    `<rect x="${x - 16}" y="28" width="${w + 32}" height="736" fill="#ffffff" stroke="${INK}" stroke-width="3"/>`,
  );
  const T = (tx: number, ty: number, s: string, size: number, extra = "") =>
    out.push(text(tx, ty, s, size, INK, extra));
  const rule = (y: number, weight: number) =>
    out.push(`<rect x="${x}" y="${y}" width="${w}" height="${weight}" fill="${INK}"/>`);
  const R = x + w;
  let y = 72;
  T(x, y, "Valeur nutritive", 34, `font-weight="bold"`);
  y += 36;
  T(x, y, "Nutrition Facts", 34, `font-weight="bold"`);
  y += 30;
  T(x, y, n.portion, fit(n.portion, w, 16, 0.55));
  y += 12;
  rule(y, 3);
  y += 40;
  T(x, y, "Calories", 30, `font-weight="bold"`);
  T(x + 150, y, String(n.calories), 30, `font-weight="bold"`);
  T(R, y - 14, "% valeur quotidienne*", 14, `text-anchor="end" font-weight="bold"`);
  T(R, y + 4, "% Daily Value*", 14, `text-anchor="end" font-weight="bold"`);
  y += 12;
  rule(y, 8);
  const dv = (value: number, daily: number) => `${Math.round((value / daily) * 100)} %`;
  const line = (label: string, value: string, pct: string | null, bold = true, indent = 0) => {
    y += 30;
    out.push(
      `<text x="${x + indent}" y="${y}" font-family="${FONT}" font-size="19" fill="${INK}"><tspan font-weight="${bold ? "bold" : "normal"}">${esc(label)}</tspan><tspan dx="8">${esc(value)}</tspan></text>`,
    );
    if (pct) T(R, y, pct, 19, `text-anchor="end" font-weight="bold"`);
    y += 10;
    rule(y, 1.5);
  };
  line("Lipides / Fat", `${fr(n.fat)} g`, dv(n.fat, 75));
  line("saturés / Saturated", `${fr(n.saturated)} g`, null, false, 20);
  line("+ trans / Trans", `${n.trans} g`, dv(n.saturated + n.trans, 20), false, 20);
  line("Glucides / Carbohydrate", `${n.carbs} g`, null);
  line("Fibres / Fibre", `${n.fibre} g`, dv(n.fibre, 28), false, 20);
  line("Sucres / Sugars", `${n.sugars} g`, dv(n.sugars, 100), false, 20);
  line("Protéines / Protein", `${n.protein} g`, null);
  line("Cholestérol / Cholesterol", `${n.cholesterol} mg`, null);
  line("Sodium", `${n.sodium} mg`, dv(n.sodium, 2300));
  y += 4;
  rule(y, 6);
  line("Potassium", `${n.potassium} mg`, dv(n.potassium, 3400), false);
  line("Calcium", `${n.calcium} mg`, dv(n.calcium, 1300), false);
  line("Fer / Iron", `${fr(n.iron)} mg`, dv(n.iron, 18), false);
  y += 4;
  rule(y, 6);
  y += 28;
  T(x, y, "*5 % ou moins c'est peu, 15 % ou plus c'est beaucoup", 14.5);
  y += 22;
  T(x, y, "*5% or less is a little, 15% or more is a lot", 14.5);
  return svg(800, 800, out.join(""));
}

// ---------- steps ----------

export function stepImage(kind: StepArt, numero: number): string {
  const out: string[] = [];
  const id = uid("sp");
  out.push(
    `<defs><linearGradient id="${id}" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${IVORY}"/><stop offset="1" stop-color="#efe6d6"/></linearGradient></defs>`,
  );
  out.push(`<rect width="800" height="600" fill="url(#${id})"/>`);
  out.push(`<circle cx="400" cy="300" r="230" fill="#fff" opacity="0.6"/>`);
  out.push(`<circle cx="90" cy="80" r="44" fill="${INK}"/>`);
  out.push(text(90, 96, String(numero), 44, BRASS, `text-anchor="middle" font-weight="bold"`));
  const hand = (x: number, y: number, rot: number) =>
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<rect x="-14" y="-120" width="28" height="110" rx="14" fill="#e8b48f"/>` +
    `<path d="M-40 -30 Q-44 60 -10 100 L60 100 Q84 40 74 -20 Q72 -40 54 -40 Q40 -40 38 -24 Q36 -50 18 -50 Q2 -50 0 -30 L-14 -30 Q-30 -46 -40 -30 Z" fill="#e8b48f"/>` +
    `<rect x="-20" y="96" width="90" height="60" rx="8" fill="${INK}"/>` +
    `</g>`;
  switch (kind) {
    case "choose": {
      // Screen with a product grid, finger on a tile.
      out.push(`<rect x="230" y="90" width="340" height="420" rx="28" fill="${INK}"/>`);
      out.push(`<rect x="250" y="110" width="300" height="380" rx="16" fill="#1b2735"/>`);
      out.push(`<rect x="270" y="130" width="150" height="14" rx="7" fill="${BRASS}"/>`);
      const colours = [
        "#c4322b",
        "#2a6f97",
        "#e0b820",
        "#4f8a3c",
        "#b3621b",
        "#d23a6b",
        "#3f4f9a",
        "#1e9e8f",
        "#8e4f9e",
      ];
      for (let i = 0; i < 9; i++) {
        const tx = 270 + (i % 3) * 90,
          ty = 165 + Math.floor(i / 3) * 100;
        out.push(`<rect x="${tx}" y="${ty}" width="80" height="88" rx="10" fill="${i === 4 ? IVORY : "#253446"}"/>`);
        out.push(`<rect x="${tx + 22}" y="${ty + 12}" width="36" height="46" rx="6" fill="${colours[i]}"/>`);
        out.push(
          `<rect x="${tx + 18}" y="${ty + 66}" width="44" height="8" rx="4" fill="${i === 4 ? INK : "#6b7a8c"}"/>`,
        );
      }
      out.push(`<circle cx="400" cy="260" r="56" fill="none" stroke="${BRASS}" stroke-width="5" opacity="0.7"/>`);
      out.push(hand(428, 380, -12));
      break;
    }
    case "pay": {
      // Card reader on the right, card tapping with waves.
      out.push(`<rect x="470" y="140" width="180" height="320" rx="26" fill="${INK}"/>`);
      out.push(`<rect x="492" y="166" width="136" height="90" rx="10" fill="#1b2735"/>`);
      out.push(text(560, 222, "4,50 $", 30, IVORY, `text-anchor="middle" font-weight="bold"`));
      for (let i = 1; i <= 3; i++)
        out.push(
          `<path d="M${540 + i * 10} ${340 - i * 22} a${i * 26} ${i * 26} 0 0 1 0 ${i * 44}" fill="none" stroke="${BRASS}" stroke-width="8" stroke-linecap="round"/>`,
        );
      out.push(`<circle cx="560" cy="430" r="8" fill="#4ade80"/>`);
      out.push(
        `<g transform="rotate(-18 300 330)"><rect x="150" y="250" width="280" height="176" rx="18" fill="${BRASS}"/>` +
          `<rect x="150" y="290" width="280" height="30" fill="${INK}" opacity="0.85"/>` +
          `<rect x="180" y="345" width="50" height="38" rx="6" fill="#e9d39a"/>` +
          `<rect x="250" y="390" width="150" height="10" rx="5" fill="${IVORY}" opacity="0.8"/></g>`,
      );
      for (let i = 1; i <= 3; i++)
        out.push(
          `<path d="M${430 + i * 6} ${220 - i * 4} q${12 + i * 6} ${18 + i * 8} 0 ${40 + i * 16}" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round" opacity="${0.25 + i * 0.15}"/>`,
        );
      break;
    }
    case "pickup": {
      // The drawer at the bottom of a machine, a snack inside, the hand reaching.
      out.push(`<rect x="140" y="60" width="520" height="480" rx="22" fill="#1c1f26"/>`);
      out.push(`<rect x="170" y="90" width="460" height="180" rx="10" fill="#0b0c10"/>`);
      for (let i = 0; i < 5; i++)
        out.push(
          `<rect x="${195 + i * 88}" y="${150}" width="60" height="100" rx="6" fill="${["#c4322b", "#e0b820", "#2a6f97", "#4f8a3c", "#d23a6b"][i]}"/>`,
        );
      out.push(`<rect x="170" y="250" width="460" height="10" fill="${BRASS}"/>`);
      out.push(`<rect x="170" y="320" width="460" height="180" rx="14" fill="#050607"/>`);
      out.push(`<path d="M170 320 L630 320 L600 380 L200 380 Z" fill="#3a3d44"/>`);
      out.push(`<rect x="350" y="336" width="100" height="10" rx="5" fill="${BRASS}"/>`);
      out.push(
        `<g transform="rotate(-8 360 440)"><rect x="270" y="400" width="200" height="80" rx="8" fill="#b3621b"/><rect x="320" y="420" width="100" height="40" rx="6" fill="${IVORY}"/></g>`,
      );
      out.push(`<path d="M420 430 l70 -40" stroke="${BRASS}" stroke-width="0"/>`);
      out.push(hand(548, 545, -50));
      break;
    }
  }
  return svg(800, 600, out.join(""));
}
