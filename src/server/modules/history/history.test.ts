import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Spending } from "../../../shared/schemas/history";
import {
  addChild,
  cookieFrom,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

/* docs/decisions/161: a guardian's history, its CSV and its figures, on PGlite and PostgreSQL. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Mid-month, so "this month" and "last month" are plain to see in the figures.
  t.clock.set("2026-11-15T12:00:00Z");
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const ids = (body: { id: string }[]) => body.map((c) => c.id);
const nextOf = (link: unknown) => (typeof link === "string" ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined);

type Item = { name: string; price: string; quantity: number; category?: string };

/** Puts a cart straight into the database, with its items as given. */
async function cart(
  childId: string,
  at: string,
  fields: { status?: string; items?: Item[]; tag?: string; retailer?: string; note?: string } = {},
) {
  const items = fields.items ?? [{ name: "Item", price: "5.00", quantity: 1 }];
  const cents = items.reduce((sum, i) => sum + Math.round(Number(i.price) * 100) * i.quantity, 0);
  const [row] = await t.database.query<{ id: string }>(
    `insert into carts (child_id, retailer, total, status, tag, items, decision_note, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::timestamptz, $8::timestamptz) returning id`,
    [
      childId,
      fields.retailer ?? "Toy Shop",
      (cents / 100).toFixed(2),
      fields.status ?? "approved",
      fields.tag ?? null,
      JSON.stringify(items),
      fields.note ?? null,
      at,
    ],
  );
  if (!row) throw new Error("no cart");
  return row.id;
}

async function family() {
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "family");
  const maya = await addChild(t.app, parent.cookie, { name: "Maya", age: 13 });
  const leo = await addChild(t.app, parent.cookie, { name: "Leo", age: 14 });
  return { parent, maya, leo };
}

/** Follows the Link headers from `url` to the end, gathering every page. */
async function allPages(cookie: string, url: string) {
  const pages: string[][] = [];
  let next: string | undefined = url;
  while (next) {
    const res = await get(cookie, next);
    expect(res.statusCode, res.body).toBe(200);
    pages.push(ids(res.json()));
    next = nextOf(res.headers.link);
  }
  return pages;
}

describe("GET /api/children/:id/history and /api/family/history", () => {
  it("answers a child's carts newest first, 25 by default, paged by cursor in Link", async () => {
    const { parent, maya, leo } = await family();
    const made: string[] = [];
    for (let i = 0; i < 30; i++) made.push(await cart(maya.id, new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString()));
    await cart(leo.id, "2026-11-02T00:00:00Z");
    const newestFirst = [...made].reverse();

    const first = await get(parent.cookie, `/api/children/${maya.id}/history`);
    expect(first.statusCode).toBe(200);
    expect(ids(first.json())).toEqual(newestFirst.slice(0, 25));
    expect(first.json()[0]).toMatchObject({ childName: "Maya", total: "5.00", status: "approved" });
    expect(first.headers.link).toMatch(/^<\/api\/children\/[^>]+\/history\?limit=25&cursor=[^>]+>; rel="next"$/);

    expect((await allPages(parent.cookie, `/api/children/${maya.id}/history?limit=7`)).flat()).toEqual(newestFirst);
    const pages = await allPages(parent.cookie, `/api/children/${maya.id}/history?limit=100`);
    expect(pages).toEqual([newestFirst]);
  });

  it("refuses a limit outside 1..100, a malformed cursor and bad filters, with field messages", async () => {
    const { parent, maya } = await family();
    for (const query of [
      "limit=101",
      "limit=0",
      "limit=ten",
      "cursor=nope",
      "month=2026-13",
      "month=nov",
      "status=lost",
    ]) {
      const res = await get(parent.cookie, `/api/children/${maya.id}/history?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors?.[0]?.field, query).toBe(query.split("=")[0]);
    }
    expect((await get(parent.cookie, `/api/family/history?limit=101`)).statusCode).toBe(400);
    expect((await get(parent.cookie, `/api/children/${maya.id}/history?limit=100`)).statusCode).toBe(200);
  });

  it("filters by month, status and category (an item without one takes the cart's tag), and carries them in Link", async () => {
    const { parent, maya } = await family();
    const game = await cart(maya.id, "2026-11-03T00:00:00Z", {
      items: [{ name: "Game", price: "20.00", quantity: 1, category: "games" }],
    });
    const tagged = await cart(maya.id, "2026-11-04T00:00:00Z", { tag: "games", status: "declined" });
    const book = await cart(maya.id, "2026-11-05T00:00:00Z", {
      tag: "games",
      items: [{ name: "Book", price: "8.00", quantity: 1, category: "books" }],
    });
    const october = await cart(maya.id, "2026-10-31T23:59:59Z", { tag: "games" });
    const url = (q: string) => `/api/children/${maya.id}/history?${q}`;

    expect(ids((await get(parent.cookie, url("month=2026-11"))).json())).toEqual([book, tagged, game]);
    expect(ids((await get(parent.cookie, url("month=2026-10"))).json())).toEqual([october]);
    expect(ids((await get(parent.cookie, url("status=declined"))).json())).toEqual([tagged]);
    expect(ids((await get(parent.cookie, url("category=games"))).json())).toEqual([tagged, game, october]);
    expect(ids((await get(parent.cookie, url("category=books"))).json())).toEqual([book]);
    expect(ids((await get(parent.cookie, url("category=games&month=2026-11&status=approved"))).json())).toEqual([game]);

    const pages = await allPages(parent.cookie, url("category=games&month=2026-11&limit=1"));
    expect(pages).toEqual([[tagged], [game]]);
    const first = await get(parent.cookie, url("category=games&month=2026-11&limit=1"));
    expect(first.headers.link).toContain("month=2026-11");
    expect(first.headers.link).toContain("category=games");
  });

  it("mixes the family's children newest first, narrows to one child, and says who decided and why", async () => {
    const { parent, maya, leo } = await family();
    const a = await cart(maya.id, "2026-11-01T00:00:00Z", {
      status: "pending",
      items: [{ name: "Kite", price: "12.50", quantity: 1 }],
    });
    const b = await cart(leo.id, "2026-11-02T00:00:00Z", { status: "pending" });
    const c = await cart(maya.id, "2026-11-03T00:00:00Z");
    const approve = await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${a}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "approved" },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${b}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "declined", note: "Let's save for the bike" },
    });

    const all = await get(parent.cookie, "/api/family/history");
    expect(ids(all.json())).toEqual([c, b, a]);
    const [, declined, approved] = all.json();
    expect(declined).toMatchObject({ childName: "Leo", status: "declined", decidedBy: { firstName: "Pat" } });
    expect(declined.decisionNote).toBe("Let's save for the bike");
    expect(approved).toMatchObject({ childName: "Maya", total: "12.50", decidedBy: { firstName: "Pat" } });
    expect(approved.decidedAt).toEqual(expect.any(String));

    expect(ids((await get(parent.cookie, `/api/family/history?childId=${leo.id}`)).json())).toEqual([b]);
    const paged = await get(parent.cookie, `/api/family/history?childId=${maya.id}&limit=1`);
    expect(paged.headers.link).toContain(`childId=${maya.id}`);
    expect((await allPages(parent.cookie, "/api/family/history?limit=2")).flat()).toEqual([c, b, a]);
  });
});

describe("history as CSV", () => {
  it("streams every cart as an attachment, money as 12.50, with formula-like cells made harmless", async () => {
    const { parent, maya } = await family();
    await cart(maya.id, "2026-11-01T00:00:00Z", {
      retailer: '=HYPERLINK("http://evil.example","x")',
      items: [
        { name: "+1 sticker", price: "2.50", quantity: 1, category: "-toys" },
        { name: "@mention", price: "5.00", quantity: 2 },
      ],
    });
    await cart(maya.id, "2026-11-02T00:00:00Z", {
      status: "declined",
      retailer: "\tTab Store",
      note: "\rNot now, sorry",
    });

    const res = await get(parent.cookie, `/api/children/${maya.id}/history.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="pocketwise-maya-history.csv"');
    const lines = res.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Asked at,Child,Store,Items,Categories,Total,Status,Decided by,Decided at,Why,Order number");
    expect(lines[1]).toMatch(
      /^2026-11-02T00:00:00.000Z,Maya,'\tTab Store,Item,,5.00,declined,Automatic,,"'\rNot now, sorry",$/,
    );
    expect(lines[2]).toBe(
      `2026-11-01T00:00:00.000Z,Maya,"'=HYPERLINK(""http://evil.example"",""x"")",'+1 sticker; 2 x @mention,'-toys,12.50,approved,Automatic,,,`,
    );
    expect(lines[3]).toBe("");
    expect(lines).toHaveLength(4);
  });

  it("streams a family's long history past one batch, with the filters", async () => {
    const { parent, maya, leo } = await family();
    const values: string[] = [];
    for (let i = 0; i < 1200; i++) {
      const child = i % 2 ? leo.id : maya.id;
      values.push(
        `('${child}', 'Shop ${i}', 1.00, 'approved', '[]'::jsonb, timestamptz '2026-11-01' + interval '${i} seconds')`,
      );
    }
    await t.database.query(
      `insert into carts (child_id, retailer, total, status, items, created_at) values ${values.join(",")}`,
    );
    const res = await get(parent.cookie, "/api/family/history.csv");
    const lines = res.body.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(1201);
    expect(lines[1]).toContain("Shop 1199");
    expect(lines[1200]).toContain("Shop 0");
    const leoOnly = await get(parent.cookie, `/api/family/history.csv?childId=${leo.id}&month=2026-11`);
    expect(leoOnly.headers["content-disposition"]).toBe('attachment; filename="pocketwise-leo-history-2026-11.csv"');
    expect(leoOnly.body.split("\r\n").filter(Boolean)).toHaveLength(601);
    expect(
      (await get(parent.cookie, "/api/family/history.csv?month=2026-12")).body.split("\r\n").filter(Boolean),
    ).toHaveLength(1);
  });
});

describe("GET /api/children/:id/spending and /api/family/spending", () => {
  it("adds up 12 months, this month by category, approvals, declines and what changed", async () => {
    const { parent, maya, leo } = await family();
    const games = (price: string): Item[] => [{ name: "Game", price, quantity: 1, category: "games" }];
    const books = (price: string): Item[] => [{ name: "Book", price, quantity: 1, category: "books" }];
    // October: 30% games. November: 60% games, and three declines of four decided.
    await cart(maya.id, "2026-10-03T00:00:00Z", { items: games("9.00") });
    await cart(maya.id, "2026-10-04T00:00:00Z", { items: books("21.00") });
    await cart(maya.id, "2026-11-02T00:00:00Z", { items: games("30.00") });
    await cart(maya.id, "2026-11-03T00:00:00Z", { items: books("20.00") });
    for (const day of [4, 5, 6]) await cart(maya.id, `2026-11-0${day}T00:00:00Z`, { status: "declined" });
    await cart(maya.id, "2026-11-07T00:00:00Z", { status: "pending" });
    // Older months, and one outside the 12.
    await cart(maya.id, "2025-12-01T00:00:00Z", { tag: "toys" });
    await cart(maya.id, "2025-11-30T23:59:59Z");
    await cart(leo.id, "2026-11-08T00:00:00Z", {
      items: [{ name: "Ball", price: "4.00", quantity: 2 }],
      status: "completed",
    });

    const res = await get(parent.cookie, `/api/children/${maya.id}/spending`);
    expect(res.statusCode, res.body).toBe(200);
    const body: Spending = res.json();
    expect(body.month).toBe("2026-11");
    expect(body.months).toHaveLength(12);
    expect(body.months[0]).toEqual({ month: "2025-12", spent: "5.00", approved: 1, declined: 0 });
    expect(body.months[10]).toEqual({ month: "2026-10", spent: "30.00", approved: 2, declined: 0 });
    expect(body.months[11]).toEqual({ month: "2026-11", spent: "50.00", approved: 2, declined: 3 });
    expect(body.categories).toEqual([
      { category: "games", spent: "30.00" },
      { category: "books", spent: "20.00" },
    ]);
    expect(body.children).toEqual([{ id: maya.id, name: "Maya", profileColor: expect.any(String), spent: "50.00" }]);
    expect(body.insights.map((i) => i.message)).toEqual([
      "3 of Maya's 5 decided requests were declined this month",
      "Maya spent 60% on games this month, up from 30%",
      "Maya has spent $50.00 this month, up from $30.00 in all of last month",
    ]);

    const fam: Spending = (await get(parent.cookie, "/api/family/spending")).json();
    expect(fam.months[11]).toEqual({ month: "2026-11", spent: "58.00", approved: 3, declined: 3 });
    expect(fam.categories).toEqual([
      { category: "games", spent: "30.00" },
      { category: "books", spent: "20.00" },
      { category: null, spent: "8.00" },
    ]);
    // Both were added at the same instant of the test's clock, so their order is the ids'.
    expect(fam.children.map((c) => [c.name, c.spent]).sort()).toEqual([
      ["Leo", "8.00"],
      ["Maya", "50.00"],
    ]);
    expect(fam.insights).toHaveLength(3);

    // A month later the figures move along: November is settled, December is this month.
    t.clock.set("2026-12-10T00:00:00Z");
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: parent.email, password: parent.password },
    });
    const later: Spending = (await get(cookieFrom(login), `/api/children/${maya.id}/spending`)).json();
    expect(later.months.at(-2)).toEqual({ month: "2026-11", spent: "50.00", approved: 2, declined: 3 });
    expect(later.months[0]?.month).toBe("2026-01");
    t.clock.set("2026-11-15T12:00:00Z");
  });

  it("reads last month afresh until its carts can no longer be decided", async () => {
    t.clock.set("2026-12-03T12:00:00Z");
    const { parent, maya } = await family();
    const late = await cart(maya.id, "2026-11-30T20:00:00Z", { status: "pending" });
    const before: Spending = (await get(parent.cookie, "/api/family/spending")).json();
    expect(before.months.at(-2)).toEqual({ month: "2026-11", spent: "0.00", approved: 0, declined: 0 });
    const approve = await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${late}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "approved" },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const after: Spending = (await get(parent.cookie, "/api/family/spending")).json();
    expect(after.months.at(-2)).toEqual({ month: "2026-11", spent: "5.00", approved: 1, declined: 0 });
    t.clock.set("2026-11-15T12:00:00Z");
  });

  it("answers zeros for a family with nothing yet", async () => {
    const parent = await signUpParent(t.app);
    const body: Spending = (await get(parent.cookie, "/api/family/spending")).json();
    expect(body.months.every((m) => m.spent === "0.00" && m.approved === 0)).toBe(true);
    expect(body).toMatchObject({ categories: [], children: [], insights: [] });
  });
});

describe("who may read a history", () => {
  it("404 for another family's child, 403 for a child's session, 401 signed out", async () => {
    const { parent, maya, leo } = await family();
    const stranger = await signUpParent(t.app);
    const childViews = ["history", "history.csv", "spending"].map((v) => `/api/children/${maya.id}/${v}`);
    for (const url of childViews) {
      const res = await get(stranger.cookie, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe("Child not found");
    }
    for (const url of [
      "/api/children/not-an-id/history",
      "/api/children/00000000-0000-4000-8000-000000000000/spending",
    ]) {
      expect((await get(parent.cookie, url)).statusCode, url).toBe(404);
    }
    for (const url of [`/api/family/history?childId=${maya.id}`, `/api/family/history.csv?childId=${maya.id}`]) {
      expect((await get(stranger.cookie, url)).statusCode, url).toBe(404);
    }
    // A stranger's own family views hold nothing of Maya's.
    await cart(maya.id, "2026-11-01T00:00:00Z");
    expect((await get(stranger.cookie, "/api/family/history")).json()).toEqual([]);
    const own = await get(parent.cookie, "/api/family/history");
    const cursor = own.json()[0].id;
    expect((await get(stranger.cookie, `/api/family/history?cursor=${cursor}`)).json()).toEqual([]);

    const child = await signInChild(t.app, parent.cookie, leo.id);
    const familyViews = ["/api/family/history", "/api/family/history.csv", "/api/family/spending"];
    for (const url of [...familyViews, ...childViews, `/api/children/${leo.id}/history`]) {
      expect((await get(child, url)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(401);
    }
  });
});
