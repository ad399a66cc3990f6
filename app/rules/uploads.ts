/** The storage buckets, one per kind of media; nothing else is ever read or written. */
export const BUCKETS = [
  "product-images",
  "machine-images",
  "machine-videos",
  "machine-step-images",
  "machine-step-videos",
  "machine-category-images",
  "gallery-images",
  "homepage-videos",
  "ticket-photos",
] as const;
export type Bucket = (typeof BUCKETS)[number];

export function isBucket(value: string): value is Bucket {
  return (BUCKETS as readonly string[]).includes(value);
}

/** What each bucket accepts and the name prefix of its objects ('{prefix}-{timestamp}.{ext}'). A private
 * bucket is never served at /media nor resized at /img, and takes no staff upload: only a route that
 * checks who asks reads it (a ticket's photo: the staff). */
export const BUCKET_RULES: Record<Bucket, { kind: "image" | "video"; prefix: string; private?: true }> = {
  "product-images": { kind: "image", prefix: "product" },
  "machine-images": { kind: "image", prefix: "machine" },
  "machine-videos": { kind: "video", prefix: "machine-video" },
  "machine-step-images": { kind: "image", prefix: "step" },
  "machine-step-videos": { kind: "video", prefix: "step-video" },
  "machine-category-images": { kind: "image", prefix: "category" },
  "gallery-images": { kind: "image", prefix: "gallery" },
  "homepage-videos": { kind: "video", prefix: "hero" },
  // A photo joined to a problem reported at a machine: people's own pictures, for the staff only.
  "ticket-photos": { kind: "image", prefix: "ticket", private: true },
};

/** A bucket the public site serves (/media, /img) and the staff upload to. */
export function isPublicBucket(value: string): value is Bucket {
  return isBucket(value) && !BUCKET_RULES[value].private;
}

export const UPLOAD_LIMITS = { image: 15 * 1024 * 1024, video: 200 * 1024 * 1024 } as const;

/** A photo joined to a problem reported at a machine: one phone photo at most this large, kept upright,
 * within this box (never enlarged), as a JPEG of this quality with no metadata (no EXIF, no GPS). */
export const TICKET_PHOTO = { maxBytes: 10 * 1024 * 1024, box: 1600, quality: 80 } as const;

/** Types recognised from the file's first bytes; the stored extension comes from here, never from the name. */
export const DETECTED_TYPES = {
  jpg: { mime: "image/jpeg", kind: "image" },
  png: { mime: "image/png", kind: "image" },
  webp: { mime: "image/webp", kind: "image" },
  avif: { mime: "image/avif", kind: "image" },
  gif: { mime: "image/gif", kind: "image" },
  mp4: { mime: "video/mp4", kind: "video" },
  webm: { mime: "video/webm", kind: "video" },
} as const;
export type DetectedType = keyof typeof DETECTED_TYPES;

export const ACCEPT = {
  image: "image/jpeg,image/png,image/webp,image/avif,image/gif",
  video: "video/mp4,video/webm",
} as const;

export const UPLOAD_MESSAGES = {
  notImage: "Ce fichier n'est pas une image acceptée (JPEG, PNG, WebP, AVIF ou GIF).",
  notVideo: "Ce fichier n'est pas une vidéo acceptée (MP4 ou WebM).",
  tooLargeImage: "L'image dépasse la taille maximale de 15 Mo.",
  tooManyPixels: "L'image dépasse 50 mégapixels. Réduisez ses dimensions, puis réessayez.",
  tooLargeVideo: "La vidéo dépasse la taille maximale de 200 Mo.",
  badRequest: "Envoi de fichier invalide.",
  failed: "Le téléchargement a échoué. Veuillez réessayer.",
  unauthorized: "Votre session a expiré. Veuillez vous reconnecter.",
} as const;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The file's real type from its first bytes (at least 16), or null when it is none we accept. */
export function detectType(head: Uint8Array): DetectedType | null {
  if (head.length < 12) return null;
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b)) return "png";
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return "gif";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "webp";
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return "webm";
  if (ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (brand === "avif" || brand === "avis") return "avif";
    if (["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash", "MSNV"].includes(brand))
      return "mp4";
  }
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} Mo`;
}
