import { isIPv4, isIPv6 } from "node:net";

/** The key per-address limits count under: an IPv4 address as is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so counting single addresses would let it escape every limit). */
export function addressKey(address: string | undefined): string {
  if (!address) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return "unknown";
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An embedded IPv4 tail counts as two groups; the /64 only needs the first four groups anyway.
  const missing = 8 - left.length - right.length;
  const groups = address.includes("::") ? [...left, ...Array<string>(Math.max(missing, 0)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY: unset or 0 trusts no proxy; a number trusts that many hops in front of the app; a
 * comma-separated list trusts those proxy addresses or CIDR ranges. Trusting every hop is refused: a
 * client could then choose its own address with X-Forwarded-For. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || text === "0" || text.toLowerCase() === "false") return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = "", bits, extra] = entry.split("/");
    const maxBits = isIPv4(address) ? 32 : isIPv6(address) ? 128 : -1;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (PROXY_NAMES.has(entry) || (maxBits > 0 && validBits && extra === undefined)) continue;
    throw new Error(
      `TRUST_PROXY must be a number of proxy hops or a list of proxy addresses or CIDR ranges, not "${entry}".`,
    );
  }
  return entries;
}
