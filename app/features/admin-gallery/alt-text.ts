import { ALT_MAX } from "./schema";

/** Words cameras, phones and tools put in file names: they say nothing of what the photo shows. */
const NOISE = new Set([
  "img",
  "image",
  "dsc",
  "dscn",
  "dscf",
  "pxl",
  "mvimg",
  "photo",
  "pic",
  "screenshot",
  "capture",
  "whatsapp",
  "copie",
  "copy",
  "edit",
  "edited",
  "final",
  "scaled",
  "untitled",
]);

/** The description an uploaded photo's field starts with: its file name read as words
 * ('cafe-du-bureau_levis.jpg' → 'Cafe du bureau levis'); empty for a camera's name ('IMG_2034.JPG'),
 * which the staff then has to write. */
export function altFromFileName(fileName: string): string {
  const words = fileName
    .normalize("NFC")
    .replace(/\.[A-Za-z0-9]{2,5}$/, "")
    .split(/[\s_\-.,()[\]+~]+/)
    .filter((word) => word !== "" && !NOISE.has(word.toLowerCase()) && !/\d{3,}/.test(word));
  if (!words.some((word) => /\p{L}{3,}/u.test(word))) return "";
  let text = words.join(" ");
  if (text.length > ALT_MAX) text = text.slice(0, ALT_MAX).replace(/\s+\S*$/, "");
  return text.charAt(0).toLocaleUpperCase("fr-CA") + text.slice(1);
}
