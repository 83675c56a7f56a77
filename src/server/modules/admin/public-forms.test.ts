import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAdmin } from "../../test-support/admin";
import { createTestApp, SLOW_START_MS, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ authorization } = await signInAdmin(t.app));
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

let addressCounter = 0;
/** A client address no other submission uses, so the public forms' per-address allowance never runs out. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.82.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
};

const get = (url: string, auth?: string) =>
  t.app.inject({ method: "GET", url, headers: auth ? { authorization: auth } : {} });

/** Sends a public form a second after the last one, so each submission has a creation time of its own. */
async function submit(url: string, payload: Record<string, unknown>) {
  t.clock.advance(1000);
  const res = await t.app.inject({ method: "POST", url, payload, remoteAddress: freshAddress() });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; createdAt: string };
}

const consent = (fullName: string, childAge: number) => ({
  childAge,
  fullName,
  email: `${fullName.split(" ")[0]?.toLowerCase()}@example.com`,
  phone: "(555) 123-4567",
  relationship: "guardian",
  verificationMethod: "government-id",
  dataCollection: true,
  educational: true,
  thirdParty: true,
  marketing: true,
});

const LISTS = ["/api/admin/consents", "/api/admin/demo-requests", "/api/admin/newsletter"] as const;
const signInRequired = { message: "Please sign in as staff", error: "Please sign in as staff" };
const BAD_LIMIT = "Limit must be a whole number from 1 to 100";

describe("staff lists of public-form submissions", () => {
  it.each(LISTS)("%s answers 401 without a staff token, or with a made-up one", async (url) => {
    for (const auth of [undefined, "Bearer not.a.token"]) {
      const res = await get(url, auth);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(signInRequired);
    }
  });

  it.each(LISTS)("%s answers an empty list before anyone has sent the form", async (url) => {
    const res = await get(url, authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each(LISTS.flatMap((url) => ["0", "101", "-1", "abc", "2.5", ""].map((limit) => [url, limit] as const)))(
    "%s refuses limit=%j with 400 and `error`",
    async (url, limit) => {
      const res = await get(`${url}?limit=${limit}`, authorization);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: BAD_LIMIT,
        error: BAD_LIMIT,
        errors: [{ field: "limit", message: BAD_LIMIT }],
      });
    },
  );

  it("GET /api/admin/consents lists consent records newest first, with what was agreed to", async () => {
    const older = await submit("/api/consents", consent("Avery Older", 14));
    const newer = await submit("/api/consents", consent("Blake Newer", 9));
    const res = await get("/api/admin/consents", authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: newer.id,
        childAge: 9,
        fullName: "Blake Newer",
        email: "blake@example.com",
        phone: "(555) 123-4567",
        relationship: "guardian",
        verificationMethod: "government-id",
        dataCollection: true,
        educational: true,
        thirdParty: true,
        marketing: true,
        createdAt: t.clock.now().toISOString(),
      },
      // A method chosen for a teen is not stored (docs/decisions/060), and staff see that.
      expect.objectContaining({ id: older.id, fullName: "Avery Older", verificationMethod: null }),
    ]);
  });

  it("GET /api/admin/demo-requests lists requests newest first, optional fields as null", async () => {
    const oldest = await submit("/api/demo-requests", {
      firstName: "Cam",
      lastName: "First",
      email: "cam@example.com",
    });
    const middle = await submit("/api/demo-requests", {
      firstName: "Dee",
      lastName: "Second",
      email: "Dee@School.example.org",
      phone: "+1 555 010 2030",
      company: "Lincoln Middle School",
      role: "educator",
      familySize: "5+",
      timePreference: "afternoon",
      interests: ["financial-education", "institution-licensing"],
      message: "Two classes would like to try it.",
    });
    const newest = await submit("/api/demo-requests", {
      firstName: "Eli",
      lastName: "Third",
      email: "eli@example.com",
    });

    const all = (await get("/api/admin/demo-requests", authorization)).json();
    expect(all.map((d: { id: string }) => d.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(all[1]).toEqual({
      id: middle.id,
      firstName: "Dee",
      lastName: "Second",
      email: "dee@school.example.org",
      phone: "+1 555 010 2030",
      company: "Lincoln Middle School",
      role: "educator",
      familySize: "5+",
      timePreference: "afternoon",
      interests: ["financial-education", "institution-licensing"],
      message: "Two classes would like to try it.",
      createdAt: middle.createdAt,
    });
    expect(all[0]).toMatchObject({ phone: null, company: null, role: null, interests: [], message: null });

    const two = (await get("/api/admin/demo-requests?limit=2", authorization)).json();
    expect(two.map((d: { id: string }) => d.id)).toEqual([newest.id, middle.id]);
  });

  it("GET /api/admin/newsletter lists subscriptions newest first, 10 unless told, up to 100", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await submit("/api/newsletter", { email: `reader${i}@example.com` })).id);
    // A repeat keeps the first sign-up's place.
    await submit("/api/newsletter", { email: "READER0@example.com" });
    const newestFirst = [...ids].reverse();

    const byDefault = await get("/api/admin/newsletter", authorization);
    expect(byDefault.statusCode).toBe(200);
    expect(byDefault.json().map((s: { id: string }) => s.id)).toEqual(newestFirst.slice(0, 10));
    expect(byDefault.json()[0]).toEqual({ id: ids[11], email: "reader11@example.com", createdAt: expect.any(String) });

    const most = await get("/api/admin/newsletter?limit=100", authorization);
    expect(most.json().map((s: { id: string }) => s.id)).toEqual(newestFirst);
  });

  it("orders submissions made in the same instant the same way on every call", async () => {
    t.clock.advance(1000);
    for (const email of ["same1@example.com", "same2@example.com", "same3@example.com"]) {
      await t.app.inject({ method: "POST", url: "/api/newsletter", payload: { email }, remoteAddress: freshAddress() });
    }
    const first = (await get("/api/admin/newsletter?limit=3", authorization)).json();
    const second = (await get("/api/admin/newsletter?limit=3", authorization)).json();
    expect(first.map((s: { email: string }) => s.email).sort()).toEqual([
      "same1@example.com",
      "same2@example.com",
      "same3@example.com",
    ]);
    expect(second).toEqual(first);
  });

  it("GET /api/admin/analytics/overview counts every submission, keeping the spec's totals", async () => {
    const count = async (table: string) =>
      Number((await t.database.query<{ n: string }>(`select count(*) as n from ${table}`))[0]?.n);
    const { overview } = (await get("/api/admin/analytics/overview", authorization)).json();
    expect(overview).toMatchObject({
      totalUsers: expect.any(Number),
      totalExecutions: expect.any(Number),
      totalTickets: expect.any(Number),
      executionStats: expect.any(Array),
      totalConsents: await count("consents"),
      totalDemoRequests: await count("demo_requests"),
      totalNewsletterSubscribers: await count("newsletter_subscribers"),
    });
    expect(overview.totalNewsletterSubscribers).toBe(15);
  });
});
