import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);
beforeEach(() => {
  t.clock.set("2026-03-10T12:00:00Z");
});

type Item = { name?: string; price: string; quantity?: number; category?: string; url?: string };
const cart = (...items: Item[]) => ({
  retailer: "Toy Shop",
  items: items.map((i) => ({ name: "Toy", quantity: 1, ...i })),
});
const submit = (cookie: string, childId: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/children/${childId}/carts`,
    headers: { cookie, ...headers },
    payload: payload as object,
  });
const decide = (cookie: string, id: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/carts/${id}/status`,
    headers: { cookie, ...headers },
    payload: payload as object,
  });
const accept = (cookie: string, id: string) =>
  t.app.inject({ method: "POST", url: `/api/carts/${id}/accept-suggestion`, headers: { cookie } });
const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const childOf = async (cookie: string, id: string) => (await get(cookie, `/api/children/${id}`)).json();
const addCategory = async (cookie: string, childId: string, body: object) => {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/children/${childId}/categories`,
    headers: { cookie },
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
};

/** A parent with one child (budget 50.00, limit 10.00) and that child's own session. */
async function family(tier = "premium", childFields: Record<string, unknown> = {}) {
  const parent = await signUpParent(t.app);
  if (tier !== "free") await setTier(t.database, parent.user.id, tier);
  const child = await addChild(t.app, parent.cookie, childFields);
  const kid = await signInChild(t.app, parent.cookie, child.id);
  return { parent, child, kid };
}

describe("POST /api/children/:id/carts", () => {
  it("takes a cart from the child's session, computes the total itself and approves it within the rules", async () => {
    const { parent, child, kid } = await family();
    const res = await submit(kid, child.id, {
      ...cart({ name: "Paint", price: "3.5", quantity: 2 }, { name: "Brush", price: "1.25" }),
      total: "0.01",
      tag: "art",
      notes: "for school",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      childId: child.id,
      retailer: "Toy Shop",
      total: "8.25",
      status: "approved",
      tag: "art",
      notes: "for school",
      decisionReason: "Approved automatically: under your $10.00 limit",
      fromCartId: null,
      items: [
        { name: "Paint", price: "3.50", quantity: 2 },
        { name: "Brush", price: "1.25", quantity: 1 },
      ],
    });
    expect(res.json().approvedAt).toBe("2026-03-10T12:00:00.000Z");
    expect((await childOf(parent.cookie, child.id)).currentSpent).toBe("8.25");
    expect((await get(parent.cookie, "/api/usage")).json().currentUsage).toBe(1);
    const [row] = await t.database.query<{ decision_reason: string }>(
      "select decision_reason from carts where id = $1",
      [res.json().id],
    );
    expect(row?.decision_reason).toBe("Approved automatically: under your $10.00 limit");
  });

  it("takes a cart from the owning parent too", async () => {
    const { parent, child } = await family();
    const res = await submit(parent.cookie, child.id, cart({ price: "20.00" }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: "pending", total: "20.00" });
  });

  it.each<[string, Record<string, unknown>, Item[], string]>([
    ["over the auto-approval limit", {}, [{ price: "10.01" }], "Needs a parent: over the $10.00 auto-approval limit"],
    [
      "when every purchase needs approval",
      { requireApprovalForAll: true },
      [{ price: "1.00" }],
      "Needs a parent: every purchase needs approval",
    ],
  ])("waits for a parent %s, saying why, and spends nothing", async (_name, settings, items, reason) => {
    const { parent, child, kid } = await family();
    await t.app.inject({
      method: "PATCH",
      url: `/api/children/${child.id}`,
      headers: { cookie: parent.cookie },
      payload: settings,
    });
    const res = await submit(kid, child.id, cart(...items));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: "pending", decisionReason: reason, approvedAt: null });
    expect((await childOf(parent.cookie, child.id)).currentSpent).toBe("0.00");
    expect((await get(parent.cookie, "/api/carts/pending")).json()).toHaveLength(1);
  });

  it("approves at exactly the limit and exactly to the budget", async () => {
    const { parent, child, kid } = await family("premium", { monthlyBudget: "20.00", autoApprovalLimit: "10.00" });
    expect((await submit(kid, child.id, cart({ price: "10.00" }))).json().status).toBe("approved");
    expect((await submit(kid, child.id, cart({ price: "10.00" }))).json().status).toBe("approved");
    expect((await submit(kid, child.id, cart({ price: "0.01" }))).json().decisionReason).toBe(
      "Needs a parent: would go over this month's budget",
    );
    expect((await childOf(parent.cookie, child.id)).currentSpent).toBe("20.00");
  });

  it("waits for a parent once the Free plan's 5 purchases are used, and approval then answers 403", async () => {
    const { parent, child, kid } = await family("free", { monthlyBudget: "100.00" });
    for (let i = 0; i < 5; i++)
      expect((await submit(kid, child.id, cart({ price: "1.00" }))).json().status).toBe("approved");
    const sixth = await submit(kid, child.id, cart({ price: "1.00" }));
    expect(sixth.json()).toMatchObject({
      status: "pending",
      decisionReason: "Needs a parent: this month's plan purchases are used",
    });
    expect((await get(parent.cookie, "/api/usage")).json()).toMatchObject({ tier: "free", currentUsage: 5, limit: 5 });
    const approve = await decide(parent.cookie, sixth.json().id, { status: "approved" });
    expect(approve.statusCode).toBe(403);
    expect(approve.json().message).toMatch(/Free.*Upgrade/);
  });

  it("counts restricted categories and category limits, matching names in any case", async () => {
    const { parent, child, kid } = await family("premium", { monthlyBudget: "100.00", autoApprovalLimit: "50.00" });
    await addCategory(parent.cookie, child.id, { name: "Games", monthlyLimit: "0.00", isRestricted: true });
    const books = await addCategory(parent.cookie, child.id, { name: "Books", monthlyLimit: "20.00" });

    const restricted = await submit(kid, child.id, cart({ price: "1.00", category: "games" }));
    expect(restricted.json()).toMatchObject({
      status: "pending",
      decisionReason: "Needs a parent: Games is a restricted category",
      items: [{ category: "Games" }],
    });
    const withinLimit = await submit(
      kid,
      child.id,
      cart({ price: "7.50", quantity: 2, category: "Books" }, { price: "3" }),
    );
    expect(withinLimit.json().status).toBe("approved");
    const overLimit = await submit(kid, child.id, cart({ price: "5.01", category: "BOOKS" }));
    expect(overLimit.json()).toMatchObject({
      status: "pending",
      decisionReason: "Needs a parent: would go over the $20.00 monthly limit for Books",
    });
    const categories = (await get(kid, `/api/children/${child.id}/categories`)).json();
    expect(categories.find((c: { id: string }) => c.id === books.id).currentSpent).toBe("15.00");

    // A parent's approval counts toward the category like an automatic one.
    expect((await decide(parent.cookie, overLimit.json().id, { status: "approved" })).statusCode).toBe(200);
    const after = (await get(parent.cookie, `/api/children/${child.id}/categories`)).json();
    expect(after.find((c: { id: string }) => c.id === books.id).currentSpent).toBe("20.01");
    expect((await childOf(parent.cookie, child.id)).currentSpent).toBe("23.01");
  });

  it("refuses an item naming a category the child does not have, by field", async () => {
    const { child, kid } = await family();
    const res = await submit(kid, child.id, cart({ price: "1.00" }, { price: "1.00", category: "Sweets" }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "There is no category named Sweets",
      errors: [{ field: "items.1.category", message: "There is no category named Sweets" }],
    });
    expect(await t.database.query("select id from carts where child_id = $1", [child.id])).toEqual([]);
  });

  const tooMany = Array.from({ length: 101 }, () => ({ name: "Toy", price: "0.10", quantity: 1 }));
  it.each<[string, unknown, string]>([
    ["no items", { retailer: "Shop", items: [] }, "items"],
    ["101 items", { retailer: "Shop", items: tooMany }, "items"],
    ["a missing retailer", { items: [{ name: "Toy", price: "1.00", quantity: 1 }] }, "retailer"],
    ["quantity 0", cart({ price: "1.00", quantity: 0 }), "items.0.quantity"],
    ["quantity 100", cart({ price: "1.00", quantity: 100 }), "items.0.quantity"],
    ["quantity 1.5", cart({ price: "1.00", quantity: 1.5 }), "items.0.quantity"],
    ["a negative price", cart({ price: "-1.00" }), "items.0.price"],
    ["three decimals", cart({ price: "1.005" }), "items.0.price"],
    ["an exponent", cart({ price: "1e3" }), "items.0.price"],
    ["an empty price", cart({ price: "" }), "items.0.price"],
    ["nine whole digits", cart({ price: "123456789.00" }), "items.0.price"],
    ["a price as a number", { retailer: "Shop", items: [{ name: "Toy", price: 5, quantity: 1 }] }, "items.0.price"],
    ["a blank item name", cart({ name: " ", price: "1.00" }), "items.0.name"],
    ["a javascript: url", cart({ price: "1.00", url: "javascript:alert(1)" }), "items.0.url"],
  ])("refuses %s with 400 naming the field", async (_name, payload, field) => {
    const { child, kid } = await family();
    const res = await submit(kid, child.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("gives a missing retailer or item name the same message as an empty one", async () => {
    const { child, kid } = await family();
    for (const [payload, field, message] of [
      [{ items: [{ name: "Toy", price: "1.00", quantity: 1 }] }, "retailer", "Retailer is required"],
      [{ retailer: " ", items: [{ name: "Toy", price: "1.00", quantity: 1 }] }, "retailer", "Retailer is required"],
      [{ retailer: "Shop", items: [{ price: "1.00", quantity: 1 }] }, "items.0.name", "Item name is required"],
      [
        { retailer: "Shop", items: [{ name: "", price: "1.00", quantity: 1 }] },
        "items.0.name",
        "Item name is required",
      ],
    ] as const) {
      const res = await submit(kid, child.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field, message }]);
    }
  });

  // docs/decisions/123: text that can spoof a reader.
  it.each<[string, object, string, string]>([
    [
      "a zero-width space inside the notes",
      { ...cart({ price: "1.00" }), notes: "for sch\u200Bool" },
      "notes",
      "Notes can't contain hidden or control characters",
    ],
    [
      "a direction override in an item's name",
      cart({ name: "Toy\u202Egnp.exe", price: "1.00" }),
      "items.0.name",
      "Item name can't contain hidden or control characters",
    ],
    [
      "an escape character in the retailer",
      { ...cart({ price: "1.00" }), retailer: "Shop\u001B[2J" },
      "retailer",
      "Retailer can't contain hidden or control characters",
    ],
    [
      "a line break in the tag",
      { ...cart({ price: "1.00" }), tag: "art\nurgent" },
      "tag",
      "Tag can't contain hidden or control characters",
    ],
  ])("refuses %s with 400 and the field's message, storing nothing", async (_name, payload, field, message) => {
    const { child, kid } = await family();
    const res = await submit(kid, child.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
    expect(await t.database.query("select id from carts where child_id = $1", [child.id])).toEqual([]);
  });

  it("keeps emoji sequences and line breaks in the notes", async () => {
    const { child, kid } = await family();
    const notes = "For our trip 👨‍👩‍👧 ❤️‍🔥\nfrom 👩🏽‍💻 🏴󠁧󠁢󠁳󠁣󠁴󠁿";
    const res = await submit(kid, child.id, { ...cart({ price: "1.00" }), notes });
    expect(res.statusCode).toBe(201);
    expect(res.json().notes).toBe(notes);
    const [row] = await t.database.query<{ notes: string }>("select notes from carts where id = $1", [res.json().id]);
    expect(row?.notes).toBe(notes);
  });

  it("accepts the boundaries: 100 items, quantity 99, and a total up to 99999999.99", async () => {
    const { child, kid } = await family();
    const hundred = Array.from({ length: 100 }, () => ({ name: "Toy", price: "0.01", quantity: 99 }));
    const res = await submit(kid, child.id, { retailer: "Shop", items: hundred });
    expect(res.statusCode).toBe(201);
    expect(res.json().total).toBe("99.00");
    const big = await submit(kid, child.id, cart({ price: "99999999.99" }));
    expect(big.json()).toMatchObject({ status: "pending", total: "99999999.99" });
    const tooBig = await submit(kid, child.id, cart({ price: "99999999.99", quantity: 2 }));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual([{ field: "items", message: "A cart's total must be at most 99999999.99" }]);
  });

  it("refuses an inactive child's cart with 403, while the child can still read", async () => {
    const { parent, child, kid } = await family();
    await t.app.inject({
      method: "PATCH",
      url: `/api/children/${child.id}`,
      headers: { cookie: parent.cookie },
      payload: { isActive: false },
    });
    const res = await submit(kid, child.id, cart({ price: "1.00" }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/inactive/);
    expect((await submit(parent.cookie, child.id, cart({ price: "1.00" }))).statusCode).toBe(403);
    expect((await get(kid, `/api/children/${child.id}`)).statusCode).toBe(200);
    expect((await get(kid, `/api/children/${child.id}/carts`)).statusCode).toBe(200);
  });

  it("answers a parent 404 for another family, unknown and malformed ids, and 401 without a session", async () => {
    const { parent, child } = await family();
    const other = await family();
    for (const [cookie, id] of [
      [parent.cookie, other.child.id],
      [parent.cookie, "00000000-0000-4000-8000-000000000000"],
      [parent.cookie, "not-an-id"],
    ] as const) {
      const res = await submit(cookie, id, cart({ price: "1.00" }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Child not found" });
    }
    expect((await submit("", child.id, cart({ price: "1.00" }))).statusCode).toBe(401);
  });

  it("answers a child session 403 for any child but its own, and stores nothing", async () => {
    const { parent, kid } = await family();
    const sibling = await addChild(t.app, parent.cookie, { name: "Leo" });
    const other = await family();
    for (const id of [sibling.id, other.child.id, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await submit(kid, id, cart({ price: "1.00" }));
      expect(res.statusCode, id).toBe(403);
      expect(res.json()).toEqual({ message: "You can only see your own things" });
    }
    const stored = await t.database.query("select id from carts where child_id in ($1, $2)", [
      sibling.id,
      other.child.id,
    ]);
    expect(stored).toEqual([]);
  });
});

describe("Idempotency-Key", () => {
  it("answers a retried submission with the first result and makes no second cart", async () => {
    const { parent, child, kid } = await family();
    const first = await submit(kid, child.id, cart({ price: "4.00" }), { "Idempotency-Key": "cart-1" });
    const retry = await submit(kid, child.id, cart({ price: "4.00" }), { "Idempotency-Key": "cart-1" });
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.json()).toEqual(first.json());
    expect((await get(parent.cookie, `/api/children/${child.id}/carts`)).json()).toHaveLength(1);
    expect((await childOf(parent.cookie, child.id)).currentSpent).toBe("4.00");

    const another = await submit(kid, child.id, cart({ price: "4.00" }), { "Idempotency-Key": "cart-2" });
    expect(another.json().id).not.toBe(first.json().id);
    const sibling = await addChild(t.app, parent.cookie, { name: "Leo" });
    const siblings = await submit(parent.cookie, sibling.id, cart({ price: "4.00" }), { "Idempotency-Key": "cart-1" });
    expect(siblings.json().id).not.toBe(first.json().id);
  });

  it("matches keys holding array syntax (quotes, commas, braces, backslashes, NULL) exactly", async () => {
    const { parent, child, kid } = await family();
    const keys = ['a,"b"', "{c}", "d\\e", "NULL", "f g"];
    const first: { id: string }[] = [];
    for (const key of keys)
      first.push((await submit(kid, child.id, cart({ price: "1.00" }), { "Idempotency-Key": key })).json());
    for (const [i, key] of keys.entries()) {
      const retry = await submit(kid, child.id, cart({ price: "1.00" }), { "Idempotency-Key": key });
      expect(retry.json().id, key).toBe(first[i]?.id);
    }
    expect(new Set(first.map((c) => c.id)).size).toBe(keys.length);
    expect((await get(parent.cookie, `/api/children/${child.id}/carts`)).json()).toHaveLength(keys.length);

    const pending = (await submit(kid, child.id, cart({ price: "30.00" }))).json();
    const decided = await decide(parent.cookie, pending.id, { status: "declined" }, { "Idempotency-Key": 'x,"y"{z}' });
    const again = await decide(parent.cookie, pending.id, { status: "declined" }, { "Idempotency-Key": 'x,"y"{z}' });
    expect(again.statusCode).toBe(decided.statusCode);
    expect(again.json()).toEqual(decided.json());
  });

  it("refuses an empty or overlong key with 400", async () => {
    const { child, kid } = await family();
    for (const key of [" ", "k".repeat(201)]) {
      const res = await submit(kid, child.id, cart({ price: "1.00" }), { "Idempotency-Key": key });
      expect(res.statusCode).toBe(400);
    }
  });

  it("answers a retried decision with the first answer without approving twice", async () => {
    const { parent, child, kid } = await family();
    const pending = (await submit(kid, child.id, cart({ price: "30.00" }))).json();
    const first = await decide(parent.cookie, pending.id, { status: "approved" }, { "Idempotency-Key": "d-1" });
    const retry = await decide(parent.cookie, pending.id, { status: "approved" }, { "Idempotency-Key": "d-1" });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((await childOf(parent.cookie, child.id)).currentSpent).toBe("30.00");
    expect((await get(parent.cookie, "/api/usage")).json().currentUsage).toBe(1);
    // Without the key a second decision is a conflict.
    expect((await decide(parent.cookie, pending.id, { status: "approved" })).statusCode).toBe(409);
    // The same key on another cart is a client mistake, not a replay.
    const other = (await submit(kid, child.id, cart({ price: "30.00" }))).json();
    const reused = await decide(parent.cookie, other.id, { status: "declined" }, { "Idempotency-Key": "d-1" });
    expect(reused.statusCode).toBe(409);
  });

  it("keeps each parent's keys apart", async () => {
    const a = await family();
    const b = await family();
    const cartA = (await submit(a.kid, a.child.id, cart({ price: "30.00" }))).json();
    const cartB = (await submit(b.kid, b.child.id, cart({ price: "30.00" }))).json();
    expect(
      (await decide(a.parent.cookie, cartA.id, { status: "declined" }, { "Idempotency-Key": "same" })).statusCode,
    ).toBe(200);
    const resB = await decide(b.parent.cookie, cartB.id, { status: "approved" }, { "Idempotency-Key": "same" });
    expect(resB.statusCode).toBe(200);
    expect(resB.json()).toMatchObject({ id: cartB.id, status: "approved" });
  });
});

describe("PATCH /api/carts/:id/status", () => {
  it("refuses approval over budget with 409 unless allowed, then counts it everywhere", async () => {
    const { parent, child, kid } = await family();
    const big = (await submit(kid, child.id, cart({ price: "60.00" }))).json();
    const refused = await decide(parent.cookie, big.id, { status: "approved" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/over the monthly budget \(\$50\.00 left\)/);
    const ok = await decide(parent.cookie, big.id, { status: "approved", allowOverBudget: true, note: "Birthday" });
    expect(ok.json()).toMatchObject({ status: "approved", decisionNote: "Birthday" });
    expect((await childOf(parent.cookie, child.id)).currentSpent).toBe("60.00");
    // Over budget now, so nothing more is approved automatically.
    expect((await submit(kid, child.id, cart({ price: "0.01" }))).json().status).toBe("pending");
  });

  it("keeps a decline's note and suggested item for the child, normalising its price", async () => {
    const { parent, child, kid } = await family();
    const pending = (await submit(kid, child.id, cart({ price: "25.00" }))).json();
    const res = await decide(parent.cookie, pending.id, {
      status: "declined",
      note: "Too pricey",
      suggestedItem: { name: "Cheaper toy", price: "8.5", url: "https://shop.example/toy" },
    });
    expect(res.json()).toMatchObject({
      status: "declined",
      decisionNote: "Too pricey",
      suggestedItem: { name: "Cheaper toy", price: "8.50", url: "https://shop.example/toy" },
    });
    expect((await get(kid, `/api/children/${child.id}/carts`)).json()[0].decisionNote).toBe("Too pricey");
  });

  it("is the parent's alone: a child session gets 403", async () => {
    const { child, kid } = await family();
    const pending = (await submit(kid, child.id, cart({ price: "25.00" }))).json();
    const res = await decide(kid, pending.id, { status: "approved" });
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /api/carts/:id/accept-suggestion", () => {
  async function declinedWithSuggestion(price = "8.00") {
    const f = await family();
    const pending = (await submit(f.kid, f.child.id, { ...cart({ price: "25.00" }), tag: "gift" })).json();
    await decide(f.parent.cookie, pending.id, { status: "declined", suggestedItem: { name: "Cheaper toy", price } });
    return { ...f, declined: pending };
  }

  it("turns the suggestion into a new cart through the same rules, once", async () => {
    const { parent, child, kid, declined } = await declinedWithSuggestion();
    const res = await accept(kid, declined.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      childId: child.id,
      fromCartId: declined.id,
      retailer: "Toy Shop",
      tag: "gift",
      total: "8.00",
      status: "approved",
      items: [{ name: "Cheaper toy", price: "8.00", quantity: 1 }],
      decisionReason: "Approved automatically: under your $10.00 limit",
    });
    expect((await childOf(parent.cookie, child.id)).currentSpent).toBe("8.00");
    const again = await accept(parent.cookie, declined.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This suggestion was already accepted");
  });

  it("lets the parent accept on the child's behalf, and a pricier suggestion waits for approval", async () => {
    const { parent, declined } = await declinedWithSuggestion("15.00");
    const res = await accept(parent.cookie, declined.id);
    expect(res.json()).toMatchObject({
      status: "pending",
      decisionReason: "Needs a parent: over the $10.00 auto-approval limit",
    });
  });

  it("answers 409 for a cart with no suggestion, 404 for another family's carts and 403 for a sibling's", async () => {
    const { parent, child, kid } = await family();
    const pending = (await submit(kid, child.id, cart({ price: "25.00" }))).json();
    expect((await accept(kid, pending.id)).statusCode).toBe(409);
    await decide(parent.cookie, pending.id, { status: "declined", note: "No" });
    const res = await accept(kid, pending.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This cart has no suggested item to accept");

    const other = await declinedWithSuggestion();
    for (const cookie of [kid, parent.cookie]) {
      const foreign = await accept(cookie, other.declined.id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: "Cart not found" });
    }
    const sibling = await addChild(t.app, other.parent.cookie, { name: "Leo" });
    const siblingKid = await signInChild(t.app, other.parent.cookie, sibling.id);
    const siblings = await accept(siblingKid, other.declined.id);
    expect(siblings.statusCode).toBe(403);
    expect(siblings.json()).toEqual({ message: "You can only see your own things" });
    expect((await accept(other.parent.cookie, other.declined.id)).statusCode).toBe(201);
    expect((await accept(kid, "nope")).statusCode).toBe(404);
  });
});

describe("the month boundary", () => {
  it("starts spending, category spending and plan purchases from zero on the 1st (UTC)", async () => {
    t.clock.set("2026-03-31T23:45:00Z");
    const { parent, child, kid } = await family("free");
    const games = await addCategory(parent.cookie, child.id, { name: "Games", monthlyLimit: "10.00" });
    for (let i = 0; i < 5; i++) await submit(kid, child.id, cart({ price: "2.00", category: "Games" }));
    expect((await childOf(parent.cookie, child.id)).currentSpent).toBe("10.00");
    expect((await submit(kid, child.id, cart({ price: "1.00" }))).json().decisionReason).toBe(
      "Needs a parent: this month's plan purchases are used",
    );

    t.clock.set("2026-04-01T00:05:00Z");
    expect((await childOf(parent.cookie, child.id)).currentSpent).toBe("0.00");
    expect((await get(parent.cookie, "/api/usage")).json().currentUsage).toBe(0);
    const categories = (await get(parent.cookie, `/api/children/${child.id}/categories`)).json();
    expect(categories.find((c: { id: string }) => c.id === games.id).currentSpent).toBe("0.00");
    const fresh = await submit(kid, child.id, cart({ price: "10.00", category: "Games" }));
    expect(fresh.json().status).toBe("approved");
    expect((await childOf(parent.cookie, child.id)).currentSpent).toBe("10.00");
    expect((await get(parent.cookie, "/api/usage")).json().currentUsage).toBe(1);
  });
});
