import { lookup } from "node:dns/promises";
import { isIPv4, isIPv6, type LookupFunction } from "node:net";

/**
 * Where the server may send a request a stranger chose the address of (a push endpoint, a merchant's
 * webhook): docs/product-contract.md "Hearing at once" and "Asking from the store". Such a request must
 * reach the public internet only, never this machine, its network or its cloud's metadata service
 * (docs/decisions/132).
 */
export type AddressKind =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  | "unique-local"
  | "shared"
  | "multicast"
  | "unspecified"
  | "broadcast"
  | "documentation"
  | "benchmarking"
  | "reserved";

/** A block of addresses, or one that carries an IPv4 address inside it, judged as that address. */
type Range = { prefix: bigint; bits: number; kind: AddressKind | "embedded-ipv4" };

const v4 = (cidr: string, kind: AddressKind): Range => {
  const [address = "", bits = "32"] = cidr.split("/");
  return { prefix: BigInt(ipv4ToNumber(address)), bits: Number(bits), kind };
};
const v6 = (cidr: string, kind: Range["kind"]): Range => {
  const [address = "", bits = "128"] = cidr.split("/");
  return { prefix: ipv6ToBigInt(address), bits: Number(bits), kind };
};

/** IANA's IPv4 special-purpose registry (RFC 6890 and later), most specific first. */
const IPV4_RANGES: Range[] = [
  v4("255.255.255.255/32", "broadcast"),
  v4("0.0.0.0/8", "unspecified"),
  v4("10.0.0.0/8", "private"),
  v4("100.64.0.0/10", "shared"),
  v4("127.0.0.0/8", "loopback"),
  v4("169.254.0.0/16", "link-local"),
  v4("172.16.0.0/12", "private"),
  v4("192.0.0.0/24", "reserved"),
  v4("192.0.2.0/24", "documentation"),
  v4("192.88.99.0/24", "reserved"),
  v4("192.168.0.0/16", "private"),
  v4("198.18.0.0/15", "benchmarking"),
  v4("198.51.100.0/24", "documentation"),
  v4("203.0.113.0/24", "documentation"),
  v4("224.0.0.0/4", "multicast"),
  v4("240.0.0.0/4", "reserved"),
];

/**
 * IANA's IPv6 special-purpose registry, most specific first. Only global unicast (2000::/3) is public;
 * the forms that carry an IPv4 address (mapped, NAT64, 6to4) are judged by that address, since a
 * connection to them reaches it.
 */
const IPV6_RANGES: Range[] = [
  v6("::/128", "unspecified"),
  v6("::1/128", "loopback"),
  v6("::ffff:0:0/96", "embedded-ipv4"),
  v6("64:ff9b::/96", "embedded-ipv4"),
  v6("64:ff9b:1::/48", "private"),
  v6("100::/64", "reserved"),
  v6("2001:db8::/32", "documentation"),
  // Teredo, ORCHID and other protocol assignments: none is a push service or a merchant.
  v6("2001::/23", "reserved"),
  v6("2002::/16", "embedded-ipv4"),
  v6("3fff::/20", "documentation"),
  v6("5f00::/16", "reserved"),
  v6("fc00::/7", "unique-local"),
  v6("fe80::/10", "link-local"),
  v6("fec0::/10", "private"),
  v6("ff00::/8", "multicast"),
  v6("2000::/3", "public"),
];

function ipv4ToNumber(address: string): number {
  return address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

/** An IPv6 address (already known to be valid) as a 128-bit number; a trailing dotted IPv4 part is allowed. */
function ipv6ToBigInt(address: string): bigint {
  const [head = "", tail] = address.split("::");
  const groups = (text: string) =>
    text === ""
      ? []
      : text.split(":").flatMap((part) => {
          if (!part.includes(".")) return [Number.parseInt(part, 16)];
          const n = ipv4ToNumber(part);
          return [Math.floor(n / 65536), n % 65536];
        });
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return all.reduce((n, group) => (n << 16n) | BigInt(group), 0n);
}

const inRange = (value: bigint, width: number, range: Range) =>
  value >> BigInt(width - range.bits) === range.prefix >> BigInt(width - range.bits);

function classifyIPv4(address: string): AddressKind {
  const value = BigInt(ipv4ToNumber(address));
  const range = IPV4_RANGES.find((r) => inRange(value, 32, r));
  return (range?.kind as AddressKind | undefined) ?? "public";
}

/** What kind of address `address` is (IPv4 or IPv6, a zone index ignored), or null when it is not one. */
export function classifyAddress(address: string): AddressKind | null {
  const bare = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  if (isIPv4(bare)) return classifyIPv4(bare);
  if (!isIPv6(bare)) return null;
  const value = ipv6ToBigInt(bare);
  const range = IPV6_RANGES.find((r) => inRange(value, 128, r));
  if (!range) return "reserved";
  if (range.kind !== "embedded-ipv4") return range.kind;
  // 6to4 carries the address in bits 16-47; the others in the last 32 bits.
  const embedded = range.prefix >> 112n === 0x2002n ? (value >> 80n) & 0xffffffffn : value & 0xffffffffn;
  return classifyIPv4([24n, 16n, 8n, 0n].map((shift) => (embedded >> shift) & 0xffn).join("."));
}

/** Outside production, tests run a push service (or a merchant) on this machine. */
export interface AddressPolicy {
  allowLoopback: boolean;
}

export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
  const kind = classifyAddress(address);
  return kind === "public" || (kind === "loopback" && policy.allowLoopback);
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/** Every address the system's resolver gives for a name, as a connection would look it up. */
export const resolveAll: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export class AddressNotAllowedError extends Error {}

/** A URL that passed the rules, with the addresses its host had when it passed: connect only to these. */
export interface CheckedUrl {
  url: URL;
  addresses: ResolvedAddress[];
}

/**
 * Checks that `input` is an `https:` URL whose host resolves only to public addresses (every one of them:
 * a name with one private address among public ones could be given that one by the connection). With
 * `allowLoopback`, a host that is only loopback passes too, and may then use `http:`. Throws
 * AddressNotAllowedError, saying why for the logs, otherwise.
 */
export async function checkPublicUrl(
  input: string,
  policy: AddressPolicy,
  resolve: Resolve = resolveAll,
): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new AddressNotAllowedError("not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new AddressNotAllowedError("not http(s)");
  if (url.username || url.password) throw new AddressNotAllowedError("carries credentials");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) throw new AddressNotAllowedError("no host");
  let addresses: ResolvedAddress[];
  if (isIPv4(host)) addresses = [{ address: host, family: 4 }];
  else if (isIPv6(host)) addresses = [{ address: host, family: 6 }];
  else {
    try {
      addresses = await resolve(host);
    } catch (err) {
      throw new AddressNotAllowedError(`${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? err})`);
    }
  }
  if (addresses.length === 0) throw new AddressNotAllowedError(`${host} has no address`);
  const refused = addresses.find((a) => !isAllowedAddress(a.address, policy));
  if (refused)
    throw new AddressNotAllowedError(`${host} resolves to ${classifyAddress(refused.address)} ${refused.address}`);
  if (url.protocol === "http:" && !addresses.every((a) => classifyAddress(a.address) === "loopback")) {
    throw new AddressNotAllowedError("http: is allowed for a loopback test service only");
  }
  return { url, addresses };
}

/**
 * A `lookup` for a connection that answers only the addresses checked before, so that a name whose DNS
 * answer changes between the check and the connection (DNS rebinding) still reaches a checked address.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const asked = options.family;
    const family = asked === 4 || asked === "IPv4" ? 4 : asked === 6 || asked === "IPv6" ? 6 : null;
    const usable = family === null ? addresses : addresses.filter((a) => a.family === family);
    const first = usable[0];
    if (!first) {
      const err: NodeJS.ErrnoException = new Error(`no checked IPv${family} address for ${hostname}`);
      err.code = "ENOTFOUND";
      return callback(err, "", 0);
    }
    if (options.all)
      return callback(
        null,
        usable.map((a) => ({ ...a })),
      );
    return callback(null, first.address, first.family);
  };
}
