import { readFileSync } from "node:fs";
import type { buildApp } from "../../src/server/app";

/** How the benchmarks' app servers run: plain HTTP on loopback, no identity provider, no web client, no logs. */
export const BENCH_APP_OPTIONS: Parameters<typeof buildApp>[0] = {
  cookieSecure: false,
  appOrigin: null,
  oidc: null,
  clientDir: null,
  now: () => new Date(),
  logLevel: "silent",
};

/** CPU seconds used so far by a process (user + system), from /proc; null where there is no /proc. */
export function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
