import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT } from "../../app";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let addressCounter = 0;
/** A client address no other test uses, so the per-address allowance never leaks between tests. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.61.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
};

const valid = () => ({
  childAge: 10,
  fullName: "Jordan Avery Lee",
  email: "Jordan.Lee@Example.com",
  phone: "(555) 123-4567",
  relationship: "parent",
  verificationMethod: "credit-card",
  dataCollection: true,
  educational: true,
  thirdParty: true,
  marketing: false,
});

const post = (payload: unknown, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/consents",
    payload: payload as Record<string, unknown>,
    remoteAddress: extra.remoteAddress ?? freshAddress(),
    headers: extra.headers,
  });

const countRows = async () =>
  Number((await t.database.query<{ n: string }>("select count(*) as n from consents"))[0]?.n);

describe("POST /api/consents", () => {
  it("stores the consent and answers 201 with the record", async () => {
    const before = await countRows();
    const res = await post(valid());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ ...valid(), email: "jordan.lee@example.com" });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.createdAt).getTime()).toBe(t.clock.now().getTime());

    expect(await countRows()).toBe(before + 1);
    const [row] = await t.database.query<Record<string, unknown>>("select * from consents where id = $1", [body.id]);
    expect(row).toMatchObject({
      child_age: 10,
      full_name: "Jordan Avery Lee",
      email: "jordan.lee@example.com",
      phone: "(555) 123-4567",
      relationship: "parent",
      verification_method: "credit-card",
      data_collection: true,
      educational: true,
      third_party: true,
      marketing: false,
    });
  });

  it("accepts a guardian of a 13-16 year old without a verification method, and stores none", async () => {
    for (const childAge of [13, 16]) {
      const res = await post({ ...valid(), childAge, relationship: "guardian", verificationMethod: undefined });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ childAge, relationship: "guardian", verificationMethod: null });
    }
    const res = await post({ ...valid(), childAge: 14, verificationMethod: "government-id" });
    expect(res.json().verificationMethod).toBeNull();
  });

  it("accepts each verification method and the age bounds 8 and 12", async () => {
    for (const [childAge, verificationMethod] of [
      [8, "credit-card"],
      [12, "government-id"],
      [9, "phone-verification"],
    ] as const) {
      const res = await post({ ...valid(), childAge, verificationMethod });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ childAge, verificationMethod });
    }
  });

  it("keeps an optional marketing consent, defaulting to false", async () => {
    expect((await post({ ...valid(), marketing: true })).json().marketing).toBe(true);
    const { marketing: _omitted, ...withoutMarketing } = valid();
    expect((await post(withoutMarketing)).json().marketing).toBe(false);
  });

  it("ignores unknown fields", async () => {
    const res = await post({ ...valid(), id: "x", createdAt: "2000-01-01T00:00:00Z", admin: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).not.toBe("x");
    expect(res.json()).not.toHaveProperty("admin");
  });

  const FULL_NAME_HIDDEN = "Full legal name can't contain hidden or control characters";
  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["age below 8", { childAge: 7 }, "childAge", "Enter an age from 8 to 16"],
    ["age above 16", { childAge: 17 }, "childAge", "Enter an age from 8 to 16"],
    ["a fractional age", { childAge: 10.5 }, "childAge", "Enter an age from 8 to 16"],
    ["an age as text", { childAge: "ten" }, "childAge", "Enter an age from 8 to 16"],
    // docs/decisions/123: the contract's integer; the wizard sends the number it read.
    ["an age as digits in text", { childAge: "9" }, "childAge", "Enter an age from 8 to 16"],
    ["no age", { childAge: undefined }, "childAge", "Enter an age from 8 to 16"],
    ["a blank name", { fullName: "   " }, "fullName", "Full legal name is required"],
    ["no name", { fullName: undefined }, "fullName", "Full legal name is required"],
    ["a name over 100 characters", { fullName: "a".repeat(101) }, "fullName", "at most 100"],
    ["a name of zero-width spaces", { fullName: "\u200B\u200B" }, "fullName", "Full legal name is required"],
    ["an escape in the name", { fullName: "Jordan\u001B[8mLee" }, "fullName", FULL_NAME_HIDDEN],
    ["a bidirectional override in the name", { fullName: "Jordan \u202EeeL" }, "fullName", FULL_NAME_HIDDEN],
    ["a tab in the name", { fullName: "Jordan\tLee" }, "fullName", FULL_NAME_HIDDEN],
    [
      "a zero-width space in the e-mail",
      { email: "jordan\u200B@example.com" },
      "email",
      "Enter a valid e-mail address",
    ],
    ["an e-mail without @", { email: "jordan.example.com" }, "email", "Enter a valid e-mail address"],
    ["an e-mail without a domain", { email: "jordan@" }, "email", "Enter a valid e-mail address"],
    ["no e-mail", { email: undefined }, "email", "Enter a valid e-mail address"],
    ["no phone", { phone: undefined }, "phone", "Enter a phone number"],
    ["a blank phone", { phone: " " }, "phone", "Enter a phone number"],
    ["a phone of letters", { phone: "call me maybe" }, "phone", "Enter a phone number"],
    ["an unknown relationship", { relationship: "aunt" }, "relationship", "Choose parent or guardian"],
    ["no relationship", { relationship: undefined }, "relationship", "Choose parent or guardian"],
    ["under 13 with no method", { verificationMethod: undefined }, "verificationMethod", "verify your identity"],
    ["under 13 with a null method", { verificationMethod: null }, "verificationMethod", "verify your identity"],
    ["an unknown method", { verificationMethod: "selfie" }, "verificationMethod", "verify your identity"],
    ["data collection refused", { dataCollection: false }, "dataCollection", "Consent to data collection is required"],
    ["educational refused", { educational: false }, "educational", "Consent to educational content is required"],
    ["third party refused", { thirdParty: false }, "thirdParty", "sharing with payment and shopping partners"],
    ["a flag as text", { thirdParty: "true" }, "thirdParty", "sharing with payment and shopping partners"],
    ["marketing as text", { marketing: "yes" }, "marketing", "true or false"],
  ];

  it.each(invalid)("refuses %s with 400 and a field message, storing nothing", async (_, change, field, message) => {
    const before = await countRows();
    const res = await post({ ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors).toEqual(expect.arrayContaining([{ field, message: expect.stringContaining(message) }]));
    expect(await countRows()).toBe(before);
  });

  it("names every field at fault at once, even when one of them has the wrong type", async () => {
    const res = await post({
      ...valid(),
      relationship: "aunt",
      fullName: " ",
      email: "x",
      dataCollection: "yes",
      educational: false,
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields.sort()).toEqual(["dataCollection", "educational", "email", "fullName", "relationship"]);
  });

  it("refuses a body that is not JSON, an array or empty with 400", async () => {
    const before = await countRows();
    for (const payload of ["{not json", "[]", "null", ""]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/consents",
        headers: { "content-type": "application/json" },
        payload,
        remoteAddress: freshAddress(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const form = await t.app.inject({
      method: "POST",
      url: "/api/consents",
      headers: { "content-type": "text/plain" },
      payload: "childAge=10",
      remoteAddress: freshAddress(),
    });
    expect([400, 415]).toContain(form.statusCode);
    expect(await countRows()).toBe(before);
  });

  it("refuses a body over 100 KB with 413", async () => {
    const before = await countRows();
    const res = await post({ ...valid(), fullName: "a".repeat(BODY_LIMIT + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "Request body is too large" });
    expect(await countRows()).toBe(before);
  });

  it("needs no sign-in but refuses a foreign Origin with 403", async () => {
    const before = await countRows();
    const res = await post(valid(), { headers: { origin: "https://evil.example" } });
    expect(res.statusCode).toBe(403);
    expect(await countRows()).toBe(before);
    const same = await post(valid(), { headers: { origin: "http://pocketwise.test", host: "pocketwise.test" } });
    expect(same.statusCode).toBe(201);
  });

  it("allows 30 consents per address in 10 minutes, then answers 429 until the window passes", async () => {
    const remoteAddress = freshAddress();
    for (let i = 0; i < 30; i++) expect((await post(valid(), { remoteAddress })).statusCode).toBe(201);
    const before = await countRows();
    const refused = await post(valid(), { remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many consent forms from this address\. Try again in \d+ minutes?\.$/);
    expect(await countRows()).toBe(before);
    expect((await post(valid())).statusCode).toBe(201);

    t.clock.advance(10 * 60 * 1000 + 1);
    expect((await post(valid(), { remoteAddress })).statusCode).toBe(201);
  });
});
