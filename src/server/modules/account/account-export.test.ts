import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORTS_PER_HOUR } from "../../../shared/schemas/account";
import { createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";
import { EXPORT_SECTIONS, exportDocument, exportedTables, NOT_EXPORTED } from "./account-export";
import { databaseTables, schemaTables, seedFamily } from "./account-fixture";

/*
 * docs/decisions/158: GET /api/account/export answers everything the family holds as one JSON attachment,
 * streamed, a few times an hour, with no secrets; every table is either exported or listed with its reason.
 */
let t: TestApp;
let outboxDir: string;
let family: Awaited<ReturnType<typeof seedFamily>>;

beforeAll(async () => {
  outboxDir = mkdtempSync(path.join(os.tmpdir(), "pw-export-test-"));
  t = await createTestApp({ mail: { smtpUrl: null, outboxDir, from: "Pocketwise <hello@pocketwise.test>" } });
  family = await seedFamily(t);
}, SLOW_START_MS);

afterAll(async () => {
  await t?.close();
  rmSync(outboxDir, { recursive: true, force: true });
}, SLOW_START_MS);

const download = (cookie: string | null) =>
  t.app.inject({ method: "GET", url: "/api/account/export", headers: cookie ? { cookie } : {} });

describe("which tables the export covers", () => {
  it("names every table of the schema and of the database once: exported, or listed with its reason", async () => {
    const exported = exportedTables();
    const listed = new Set(Object.keys(NOT_EXPORTED));
    expect([...exported].filter((name) => listed.has(name))).toEqual([]);
    const covered = new Set([...exported, ...listed]);
    const tables = new Set([...schemaTables(), ...(await databaseTables(t))]);
    expect([...tables].filter((name) => !covered.has(name)).sort()).toEqual([]);
    // A table dropped from the schema leaves no stale entry behind.
    expect([...covered].filter((name) => !tables.has(name))).toEqual([]);
    for (const reason of Object.values(NOT_EXPORTED)) expect(reason.length).toBeGreaterThan(10);
  });
});

describe("GET /api/account/export", () => {
  it("answers 401 to a visitor", async () => {
    const res = await download(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthorized" });
  });

  it("answers the family's data as an attachment, a row in every section, money as strings", async () => {
    const res = await download(family.owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const day = t.clock.now().toISOString().slice(0, 10);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="pocketwise-export-${day}.json"`);
    expect(res.headers["cache-control"]).toBe("no-store");
    const doc = res.json();
    expect(doc).toMatchObject({ format: "pocketwise-export", version: 1, exportedAt: t.clock.now().toISOString() });
    for (const section of EXPORT_SECTIONS) {
      const value = doc[section.key];
      if (section.single) expect(value, section.key).toBeTypeOf("object");
      else expect(value?.length, section.key).toBeGreaterThan(0);
      expect(value, section.key).not.toBeNull();
    }
    expect(doc.account).toMatchObject({ id: family.familyId, email: family.owner.email, firstName: "Olivia" });
    expect(doc.account).not.toHaveProperty("passwordHash");
    expect(doc.guardians.map((g: { email: string; role: string }) => [g.email, g.role]).sort()).toEqual(
      [
        [family.owner.email, "owner"],
        [family.guardian.email, "guardian"],
      ].sort(),
    );
    expect(doc.children).toEqual([expect.objectContaining({ id: family.childId, name: "Maya", age: 14 })]);
    expect(doc.carts).toEqual([expect.objectContaining({ id: family.cartId, total: "12.50", status: "approved" })]);
    expect(doc.goals[0]).toMatchObject({ name: "Bike", target: "80.00", saved: "0.00" });
    expect(doc.consents[0]).toMatchObject({ childId: family.childId, method: "credit-card", status: "verified" });
    expect(doc.billing).toMatchObject({ status: "active", subscribedPlan: "family" });
    expect(doc.notExported).toEqual(NOT_EXPORTED);
  });

  it("never shows a secret: password hashes, token and code hashes, push keys, Stripe ids", async () => {
    const body = (await download(family.owner.cookie)).body;
    const [owner] = await t.database.query<{ password_hash: string }>("select password_hash from users where id = $1", [
      family.familyId,
    ]);
    for (const secret of [owner?.password_hash as string, ...family.secrets]) expect(body).not.toContain(secret);
  });

  it("answers a guardian the same family, with the guardian's own account", async () => {
    const res = await download(family.guardian.cookie);
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.account.email).toBe(family.guardian.email);
    expect(doc.children.map((c: { id: string }) => c.id)).toEqual([family.childId]);
    // What is the owner's own stays the owner's.
    expect(doc.supportTickets).toEqual([]);
    expect(doc.referralCode).toBeNull();
  });

  it("answers another family nothing of this one", async () => {
    const other = await signUpParent(t.app);
    const body = (await download(other.cookie)).body;
    for (const id of [family.familyId, family.childId, family.cartId]) expect(body).not.toContain(id);
  });

  it(`allows ${EXPORTS_PER_HOUR} downloads an hour per adult, then 429 with a clear message`, async () => {
    const parent = await signUpParent(t.app);
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) expect((await download(parent.cookie)).statusCode).toBe(200);
    const refused = await download(parent.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      `You can download your data ${EXPORTS_PER_HOUR} times an hour. Try again in 60 minutes.`,
    );
    // Someone else's downloads are their own.
    expect((await download(family.owner.cookie)).statusCode).toBe(200);
  });

  it("is written as a stream, a table at a time, not one string", async () => {
    const res = await download(family.guardian.cookie);
    // A body sent whole would carry its length.
    expect(res.headers["content-length"]).toBeUndefined();
    const pieces: string[] = [];
    const scope = { userId: family.guardian.user.id, familyId: family.familyId };
    for await (const piece of exportDocument(t.app.database.db, scope, t.clock.now())) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(EXPORT_SECTIONS.length);
    expect(JSON.parse(pieces.join(""))).toEqual(res.json());
  });
});
