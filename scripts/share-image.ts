// Draws public/share.png, the picture a shared link shows when its page has none of its own: the
// brand's machine mark on the hero's dark gradient, 1200×630 (the size Open Graph and X ask for).
// No text in it: the site's name, which the staff may change, comes with the card's title.
// Run: node --import tsx scripts/share-image.ts
import sharp from "sharp";

const WIDTH = 1200;
const HEIGHT = 630;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="base" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f1115"/><stop offset="0.5" stop-color="#1b1e24"/><stop offset="1" stop-color="#2a2e36"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0" r="0.9">
      <stop offset="0" stop-color="#b8893b" stop-opacity="0.45"/><stop offset="1" stop-color="#b8893b" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#base)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
  ${Array.from({ length: 9 }, (_, i) => `<rect x="${(i + 1) * 128}" y="0" width="1" height="${HEIGHT}" fill="#f8f5ef" opacity="0.05"/>`).join("")}
  <g transform="translate(${WIDTH / 2 - 190} 75) scale(15)">
    <rect x="8" y="4" width="16" height="24" rx="3" fill="#f8f5ef"/>
    <rect x="10.5" y="6.5" width="8" height="12" rx="1" fill="#b8893b"/>
    <rect x="20" y="7" width="2" height="5" rx="1" fill="#b8893b"/>
    <rect x="10.5" y="21.5" width="11" height="3" rx="1.5" fill="#b8893b"/>
  </g>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile("public/share.png");
console.log("public/share.png written");
