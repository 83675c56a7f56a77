import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writtenAt } from "./outbox-files";
import { cutoffBefore, isDue, RETENTION_RULES, type RetentionRuleName, retentionCutoffs } from "./retention.service";

const NOW = new Date("2026-11-24T12:00:00.000Z");
const ms = (iso: string) => new Date(iso).getTime();

describe("cutoffBefore", () => {
  it.each([
    { keep: { days: 0 }, now: "2026-11-24T12:00:00.000Z", cutoff: "2026-11-24T12:00:00.000Z" },
    { keep: { hours: 1 }, now: "2026-11-24T12:00:00.000Z", cutoff: "2026-11-24T11:00:00.000Z" },
    { keep: { hours: 24 }, now: "2026-03-29T12:00:00.000Z", cutoff: "2026-03-28T12:00:00.000Z" },
    { keep: { days: 7 }, now: "2026-11-24T12:00:00.000Z", cutoff: "2026-11-17T12:00:00.000Z" },
    { keep: { days: 30 }, now: "2026-03-01T00:00:00.000Z", cutoff: "2026-01-30T00:00:00.000Z" },
    { keep: { days: 90 }, now: "2026-11-24T12:00:00.000Z", cutoff: "2026-08-26T12:00:00.000Z" },
    { keep: { years: 1 }, now: "2026-11-24T12:00:00.000Z", cutoff: "2025-11-24T12:00:00.000Z" },
    { keep: { years: 2 }, now: "2026-12-31T23:59:59.999Z", cutoff: "2024-12-31T23:59:59.999Z" },
    { keep: { years: 7 }, now: "2026-11-24T12:00:00.000Z", cutoff: "2019-11-24T12:00:00.000Z" },
    // A leap day counts back to the last day of February, never into March.
    { keep: { years: 7 }, now: "2028-02-29T08:00:00.000Z", cutoff: "2021-02-28T08:00:00.000Z" },
    { keep: { years: 1 }, now: "2028-02-29T08:00:00.000Z", cutoff: "2027-02-28T08:00:00.000Z" },
    { keep: { years: 4 }, now: "2028-02-29T08:00:00.000Z", cutoff: "2024-02-29T08:00:00.000Z" },
  ])("$keep before $now is $cutoff", ({ keep, now, cutoff }) => {
    expect(cutoffBefore(new Date(now), keep).toISOString()).toBe(cutoff);
  });
});

describe("the policy", () => {
  // The periods docs/retention.md and the privacy page state; changing one here means changing them too.
  const stated: Record<RetentionRuleName, string> = {
    sessions: "until expiry",
    childLoginCodes: "until expiry",
    passwordResets: "until expiry",
    emailChanges: "until expiry",
    familyInvitations: "until expiry",
    childDevices: "until expiry",
    rateLimits: "until expiry",
    liveEvents: "1 hour",
    idempotentResponses: "24 hours",
    referralInvites: "7 days",
    decisionTokens: "30 days",
    outboundMessages: "30 days",
    outboxFiles: "30 days",
    merchantWebhooks: "30 days",
    checkoutSessions: "30 days",
    stripeEvents: "90 days",
    workflowExecutions: "90 days",
    demoRequests: "1 year",
    consentForms: "2 years",
    supportTickets: "2 years",
    carts: "7 years",
    staffAuditLog: "7 years",
  };
  const period = (rule: RetentionRuleName) => {
    const keep: { hours?: number; days?: number; years?: number } = RETENTION_RULES[rule].keep;
    if (keep.hours) return `${keep.hours} hour${keep.hours === 1 ? "" : "s"}`;
    if (keep.years) return `${keep.years} year${keep.years === 1 ? "" : "s"}`;
    return keep.days ? `${keep.days} days` : "until expiry";
  };

  it.each(Object.entries(stated))("%s: %s", (rule, expected) => {
    expect(period(rule as RetentionRuleName)).toBe(expected);
  });

  it("keeps financial records 7 years, as the legal pages say", () => {
    expect(RETENTION_RULES.carts.keep).toEqual({ years: 7 });
    expect(RETENTION_RULES.staffAuditLog.keep).toEqual({ years: 7 });
  });

  it("names every rule in docs/retention.md with its period", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, "../../../../docs/retention.md"), "utf8");
    for (const [rule, expected] of Object.entries(stated)) {
      const line = doc.split("\n").find((l) => l.includes(RETENTION_RULES[rule as RetentionRuleName].what));
      expect(line, `docs/retention.md names "${RETENTION_RULES[rule as RetentionRuleName].what}"`).toBeDefined();
      expect(line).toContain(expected);
    }
  });
});

describe("isDue", () => {
  it.each([
    // rule, the moment the period runs from, due?
    ["sessions", "2026-11-24T11:59:59.999Z", true],
    ["sessions", "2026-11-24T12:00:00.000Z", false],
    ["childLoginCodes", "2026-11-24T12:15:00.000Z", false],
    ["liveEvents", "2026-11-24T10:59:59.999Z", true],
    ["liveEvents", "2026-11-24T11:00:00.000Z", false],
    ["idempotentResponses", "2026-11-23T11:59:00.000Z", true],
    ["idempotentResponses", "2026-11-23T12:01:00.000Z", false],
    ["referralInvites", "2026-11-17T11:00:00.000Z", true],
    ["referralInvites", "2026-11-18T00:00:00.000Z", false],
    ["outboundMessages", "2026-10-25T11:59:59.000Z", true],
    ["outboundMessages", "2026-10-25T12:00:00.000Z", false],
    ["stripeEvents", "2026-08-26T11:00:00.000Z", true],
    ["stripeEvents", "2026-08-27T00:00:00.000Z", false],
    ["demoRequests", "2025-11-24T11:00:00.000Z", true],
    ["demoRequests", "2025-11-25T00:00:00.000Z", false],
    ["consentForms", "2024-11-24T11:00:00.000Z", true],
    ["consentForms", "2025-01-01T00:00:00.000Z", false],
    ["supportTickets", "2024-11-24T11:00:00.000Z", true],
    ["carts", "2019-11-24T11:59:59.999Z", true],
    ["carts", "2019-11-24T12:00:00.000Z", false],
    ["carts", "2020-06-01T00:00:00.000Z", false],
    ["staffAuditLog", "2019-11-01T00:00:00.000Z", true],
    ["staffAuditLog", "2021-01-01T00:00:00.000Z", false],
  ] as const)("%s from %s: %s", (rule, from, due) => {
    expect(isDue(rule, new Date(from), NOW)).toBe(due);
  });

  it("agrees with the cutoffs the repository deletes by", () => {
    const cutoffs = retentionCutoffs(NOW);
    for (const rule of Object.keys(RETENTION_RULES) as RetentionRuleName[]) {
      expect(isDue(rule, new Date(cutoffs[rule].getTime() - 1), NOW)).toBe(true);
      expect(isDue(rule, cutoffs[rule], NOW)).toBe(false);
    }
  });
});

describe("writtenAt (outbox file names)", () => {
  it.each([
    ["2026-11-24T12-00-00.000Z-1a2b3c4d.eml", ms("2026-11-24T12:00:00.000Z")],
    ["2026-01-02T03-04-05.678Z-deadbeef.eml", ms("2026-01-02T03:04:05.678Z")],
    [".2026-11-24T12-00-00.000Z-1a2b3c4d.eml.part", ms("2026-11-24T12:00:00.000Z")],
    ["notes.txt", null],
    ["2026-13-45T99-00-00.000Z-1a2b3c4d.eml", null],
  ])("%s", (name, expected) => {
    expect(writtenAt(name)?.getTime() ?? null).toBe(expected);
  });
});
