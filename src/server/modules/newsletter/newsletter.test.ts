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
const freshAddress = () => {
  addressCounter += 1;
  return `10.63.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
};

const subscribe = (payload: unknown, remoteAddress = freshAddress()) =>
  t.app.inject({ method: "POST", url: "/api/newsletter", payload: payload as Record<string, unknown>, remoteAddress });

const rowsFor = (email: string) =>
  t.database.query<{ id: string; email: string }>("select id, email from newsletter_subscribers where email = $1", [
    email,
  ]);
const countRows = async () =>
  Number((await t.database.query<{ n: string }>("select count(*) as n from newsletter_subscribers"))[0]?.n);

describe("POST /api/newsletter", () => {
  it("subscribes an e-mail and answers 201 with id, e-mail and date only", async () => {
    const res = await subscribe({ email: "  Reader@Example.com " });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["createdAt", "email", "id"]);
    expect(body.email).toBe("reader@example.com");
    expect(await rowsFor("reader@example.com")).toEqual([{ id: body.id, email: "reader@example.com" }]);
  });

  it("answers a repeat, in any letter case, with the same record and no second row", async () => {
    const first = await subscribe({ email: "twice@example.com" });
    t.clock.advance(60_000);
    const again = await subscribe({ email: "TWICE@example.com" });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await rowsFor("twice@example.com")).toHaveLength(1);
  });

  it("keeps one row when the same e-mail arrives many times at once", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => subscribe({ email: "race@example.com" })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(await rowsFor("race@example.com")).toHaveLength(1);
  });

  it.each([
    ["no e-mail", {}],
    ["an empty e-mail", { email: "" }],
    ["an e-mail that is not one", { email: "not-an-email" }],
    ["an e-mail as a number", { email: 42 }],
    ["an e-mail over 254 characters", { email: `${"a".repeat(250)}@example.com` }],
  ])("refuses %s with 400 and a field message, storing nothing", async (_, payload) => {
    const before = await countRows();
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "email", message: expect.stringMatching(/e-?mail/i) }]);
    expect(await countRows()).toBe(before);
  });

  it("asks for an e-mail in the spec's words when there is none", async () => {
    const res = await subscribe({ email: "  " });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "email", message: "Please enter your email address to subscribe" }]);
  });

  it("accepts what the browser's e-mail field accepts, nothing stricter", async () => {
    const res = await subscribe({ email: "reader@localhost" });
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBe("reader@localhost");
  });

  it("refuses malformed JSON with 400 and a body over 100 KB with 413", async () => {
    const before = await countRows();
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      headers: { "content-type": "application/json" },
      payload: "{email:",
      remoteAddress: freshAddress(),
    });
    expect(malformed.statusCode).toBe(400);
    const big = await subscribe({ email: "big@example.com", padding: "a".repeat(BODY_LIMIT) });
    expect(big.statusCode).toBe(413);
    expect(await countRows()).toBe(before);
  });

  it("allows 30 sign-ups per address in 10 minutes, then answers 429", async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) {
      expect((await subscribe({ email: `limit-${i}@example.com` }, address)).statusCode).toBe(201);
    }
    const refused = await subscribe({ email: "limit-30@example.com" }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many sign-ups from this address\. Try again in \d+ minutes?\.$/);
    expect(await rowsFor("limit-30@example.com")).toHaveLength(0);
  });
});
