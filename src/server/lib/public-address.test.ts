import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import {
  type AddressKind,
  AddressNotAllowedError,
  checkPublicUrl,
  classifyAddress,
  pinnedLookup,
  type Resolve,
} from "./public-address";

describe("classifyAddress", () => {
  const cases: [string, AddressKind | null][] = [
    // Public IPv4, including neighbours of the special blocks.
    ["8.8.8.8", "public"],
    ["1.1.1.1", "public"],
    ["9.255.255.255", "public"],
    ["11.0.0.0", "public"],
    ["100.63.255.255", "public"],
    ["100.128.0.0", "public"],
    ["172.15.255.255", "public"],
    ["172.32.0.0", "public"],
    ["192.167.255.255", "public"],
    ["192.169.0.0", "public"],
    ["223.255.255.255", "public"],
    // Special IPv4.
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["100.64.0.1", "shared"],
    ["100.127.255.255", "shared"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["169.254.169.254", "link-local"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "documentation"],
    ["192.88.99.1", "reserved"],
    ["192.168.1.1", "private"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.255", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    // Public IPv6.
    ["2606:4700:4700::1111", "public"],
    ["2a00:1450:4001:81a::200a", "public"],
    ["[2001:4860:4860::8888]", "public"],
    // Special IPv6.
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fec0::1", "private"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"],
    ["100::1", "reserved"],
    ["64:ff9b:1::a00:1", "private"],
    ["::a00:1", "reserved"],
    ["1::1", "reserved"],
    ["4000::1", "reserved"],
    // IPv6 forms that carry an IPv4 address are judged by it.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::ffff:8.8.8.8", "public"],
    ["0:0:0:0:0:ffff:c0a8:0101", "private"],
    ["64:ff9b::192.168.0.1", "private"],
    ["64:ff9b::8.8.8.8", "public"],
    ["2002:a00:1::1", "private"],
    ["2002:7f00:1::", "loopback"],
    ["2002:808:808::1", "public"],
    // Not addresses at all.
    ["example.com", null],
    ["", null],
    ["256.1.1.1", null],
    ["1.2.3", null],
    ["::ffff:1.2.3.4.5", null],
  ];

  it.each(cases)("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

/** A resolver that answers from a table, as DNS would for these names. */
const resolver =
  (table: Record<string, string[]>): Resolve =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

describe("checkPublicUrl", () => {
  const dns = resolver({
    "push.example.com": ["203.0.114.10", "2606:4700::6810:85e5"],
    "rebound.example.com": ["8.8.8.8", "10.0.0.5"],
    "metadata.example.com": ["169.254.169.254"],
    localhost: ["127.0.0.1", "::1"],
    "mixed.test": ["127.0.0.1", "8.8.8.8"],
    "empty.example.com": [],
  });
  const production = { allowLoopback: false };
  const tests = { allowLoopback: true };

  const cases: [string, string, { allowLoopback: boolean }, boolean][] = [
    ["a public https host", "https://push.example.com/send/abc", production, true],
    ["a public IPv4 literal", "https://8.8.8.8/x", production, true],
    ["a public IPv6 literal", "https://[2606:4700:4700::1111]/x", production, true],
    ["http to a public host", "http://push.example.com/send/abc", production, false],
    ["http to a public host, tests", "http://push.example.com/send/abc", tests, false],
    ["another scheme", "ftp://push.example.com/x", production, false],
    ["not a URL", "push.example.com/x", production, false],
    ["credentials in the URL", "https://user:pw@push.example.com/x", production, false],
    ["one private address among public ones", "https://rebound.example.com/x", production, false],
    ["the cloud metadata service by name", "https://metadata.example.com/latest", production, false],
    ["the cloud metadata service by literal", "https://169.254.169.254/latest", production, false],
    ["an unresolvable name", "https://nowhere.example.com/x", production, false],
    ["a name without addresses", "https://empty.example.com/x", production, false],
    ["localhost in production", "https://localhost:8443/x", production, false],
    ["127.0.0.1 in production", "http://127.0.0.1:9000/x", production, false],
    ["127.0.0.1 spelled as one number", "https://2130706433/x", production, false],
    ["127.0.0.1 spelled in hex", "https://0x7f.0.0.1/x", production, false],
    ["IPv4-mapped loopback", "https://[::ffff:127.0.0.1]/x", production, false],
    ["a private IPv4 literal", "https://192.168.0.1/x", production, false],
    ["a unique-local IPv6 literal", "https://[fd00::1]/x", production, false],
    ["CGNAT", "https://100.64.1.1/x", production, false],
    ["the unspecified address", "https://0.0.0.0/x", production, false],
    ["localhost outside production", "https://localhost:8443/x", tests, true],
    ["http to 127.0.0.1 outside production", "http://127.0.0.1:9000/x", tests, true],
    ["http to [::1] outside production", "http://[::1]:9000/x", tests, true],
    ["a name that is loopback and public", "http://mixed.test/x", tests, false],
    ["a private address outside production", "https://10.0.0.1/x", tests, false],
  ];

  it.each(cases)("%s (%s)", async (_name, url, policy, allowed) => {
    const check = checkPublicUrl(url, policy, dns);
    if (allowed) await expect(check).resolves.toMatchObject({ url: new URL(url) });
    else await expect(check).rejects.toBeInstanceOf(AddressNotAllowedError);
  });

  it("answers every address the name had, for the connection to use", async () => {
    const checked = await checkPublicUrl("https://push.example.com/x", production, dns);
    expect(checked.addresses).toEqual([
      { address: "203.0.114.10", family: 4 },
      { address: "2606:4700::6810:85e5", family: 6 },
    ]);
  });
});

describe("pinnedLookup", () => {
  const lookup = pinnedLookup([
    { address: "203.0.114.10", family: 4 },
    { address: "2606:4700::6810:85e5", family: 6 },
  ]);
  const ask = (options: Parameters<typeof lookup>[1]) =>
    new Promise<{ err: unknown; address: string | LookupAddress[]; family?: number }>((resolve) =>
      lookup("push.example.com", options, (err, address, family) => resolve({ err, address, family })),
    );

  it("answers only the checked addresses, whatever the name now resolves to", async () => {
    expect(await ask({})).toMatchObject({ err: null, address: "203.0.114.10", family: 4 });
    expect(await ask({ family: 6 })).toMatchObject({ err: null, address: "2606:4700::6810:85e5", family: 6 });
    expect((await ask({ all: true })).address).toEqual([
      { address: "203.0.114.10", family: 4 },
      { address: "2606:4700::6810:85e5", family: 6 },
    ]);
  });

  it("fails, rather than looking the name up again, when no checked address has the family asked for", async () => {
    const v4only = pinnedLookup([{ address: "203.0.114.10", family: 4 }]);
    const err = await new Promise((resolve) => v4only("push.example.com", { family: 6 }, (e) => resolve(e)));
    expect(err).toMatchObject({ code: "ENOTFOUND" });
  });
});
