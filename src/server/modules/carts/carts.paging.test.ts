import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addChild,
  createTestApp,
  insertCart,
  SLOW_START_MS,
  setTier,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

/* docs/decisions/164: the cart lists answer a page, newest first, and name the next one in `Link`. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const minutesAgo = (n: number) => new Date(t.clock.now().getTime() - n * 60_000);
const ids = (body: { id: string }[]) => body.map((c) => c.id);
const nextOf = (link: unknown) => (typeof link === "string" ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined);

/** A parent on the family plan with one child and `n` pending carts, a minute apart, newest first. */
async function familyWithCarts(n: number, status = "pending") {
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "family");
  const child = await addChild(t.app, parent.cookie);
  const carts: string[] = [];
  for (let i = 0; i < n; i++)
    carts.push(await insertCart(t.database, child.id, { status, createdAt: minutesAgo(i + 1) }));
  return { parent, child, carts };
}

/** Follows the Link headers from `url` to the end, gathering every page. */
async function allPages(cookie: string, url: string) {
  const pages: string[][] = [];
  let next: string | undefined = url;
  while (next) {
    const res = await get(cookie, next);
    expect(res.statusCode).toBe(200);
    pages.push(ids(res.json()));
    next = nextOf(res.headers.link);
  }
  return pages;
}

for (const route of ["pending", "child"] as const) {
  const urlOf = (childId: string) => (route === "pending" ? "/api/carts/pending" : `/api/children/${childId}/carts`);

  describe(`GET ${route === "pending" ? "/api/carts/pending" : "/api/children/:id/carts"} pages`, () => {
    it("answers everything of a small family in one page, with no Link", async () => {
      const { parent, child, carts } = await familyWithCarts(3);
      const res = await get(parent.cookie, urlOf(child.id));
      expect(res.statusCode).toBe(200);
      expect(ids(res.json())).toEqual(carts);
      expect(res.headers.link).toBeUndefined();
    });

    it("answers 50 by default and names the rest in a Link", async () => {
      const { parent, child, carts } = await familyWithCarts(52);
      const res = await get(parent.cookie, urlOf(child.id));
      expect(ids(res.json())).toEqual(carts.slice(0, 50));
      const next = nextOf(res.headers.link);
      expect(next).toBe(`${urlOf(child.id)}?limit=50&cursor=${carts[49]}`);
      const rest = await get(parent.cookie, next as string);
      expect(ids(rest.json())).toEqual(carts.slice(50));
      expect(rest.headers.link).toBeUndefined();
    });

    it("follows ?limit= page by page, newest first, without overlap, to the end", async () => {
      const { parent, child, carts } = await familyWithCarts(7);
      const pages = await allPages(parent.cookie, `${urlOf(child.id)}?limit=3`);
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(pages.flat()).toEqual(carts);
    });

    it("keeps its pages when newer carts arrive in between", async () => {
      const { parent, child, carts } = await familyWithCarts(4);
      const first = await get(parent.cookie, `${urlOf(child.id)}?limit=2`);
      await insertCart(t.database, child.id, { createdAt: t.clock.now() });
      const second = await get(parent.cookie, nextOf(first.headers.link) as string);
      expect(ids(second.json())).toEqual(carts.slice(2));
    });

    it("refuses a limit above 100, below 1 or not a number, and a malformed cursor", async () => {
      const { parent, child } = await familyWithCarts(1);
      for (const limit of ["101", "0", "ten", "1e2"]) {
        const res = await get(parent.cookie, `${urlOf(child.id)}?limit=${limit}`);
        expect(res.statusCode, limit).toBe(400);
        expect(JSON.stringify(res.json())).toContain("limit");
      }
      expect((await get(parent.cookie, `${urlOf(child.id)}?limit=100`)).statusCode).toBe(200);
      const bad = await get(parent.cookie, `${urlOf(child.id)}?cursor=nope`);
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toContain("cursor");
    });

    it("answers an empty page for an unknown cursor and nothing of another family for theirs", async () => {
      const { parent, child, carts } = await familyWithCarts(2);
      const stranger = await familyWithCarts(2);
      const unknown = await get(parent.cookie, `${urlOf(child.id)}?cursor=00000000-0000-4000-8000-000000000000`);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual([]);
      // Their newest cart is newer than ours: past it come our own carts only, never theirs.
      const res = await get(parent.cookie, `${urlOf(child.id)}?cursor=${stranger.carts[0]}`);
      expect(res.statusCode).toBe(200);
      for (const id of ids(res.json())) expect(carts).toContain(id);
    });
  });
}

it("lists only pending carts on the pending page, however many decided ones there are", async () => {
  const { parent, child } = await familyWithCarts(3, "approved");
  const pending = await insertCart(t.database, child.id, { createdAt: minutesAgo(10) });
  const res = await get(parent.cookie, "/api/carts/pending?limit=1");
  expect(ids(res.json())).toEqual([pending]);
  expect(res.headers.link).toBeUndefined();
});
