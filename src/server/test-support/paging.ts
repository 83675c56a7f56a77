import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

/* docs/decisions/164: what every paged list must do, checked the same way for each. */

const nextOf = (link: unknown) => (typeof link === "string" ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined);
const withParam = (url: string, param: string) => `${url}${url.includes("?") ? "&" : "?"}${param}`;

/**
 * Checks a list whose rows, in order, are `expected` (fewer than its default limit): one page without a Link
 * by default, pages of 2 without overlap to the end, limits over 100 and malformed cursors refused on their
 * field, an unknown cursor answering nothing, and `foreignCursor` (another family's row) nothing of theirs.
 */
export async function expectPagedList(
  app: FastifyInstance,
  headers: Record<string, string>,
  url: string,
  expected: string[],
  foreignCursor?: string,
) {
  const get = (u: string) => app.inject({ method: "GET", url: u, headers });
  const ids = (body: { id: string }[]) => body.map((r) => r.id);

  const whole = await get(url);
  expect(whole.statusCode, url).toBe(200);
  expect(ids(whole.json()), url).toEqual(expected);
  expect(whole.headers.link, url).toBeUndefined();

  const pages: string[][] = [];
  let next: string | undefined = withParam(url, "limit=2");
  while (next) {
    const res = await get(next);
    expect(res.statusCode, next).toBe(200);
    pages.push(ids(res.json()));
    next = nextOf(res.headers.link);
    if (next) expect(next.startsWith(url.split("?")[0] as string), next).toBe(true);
  }
  expect(pages.flat(), url).toEqual(expected);
  expect(pages.length, url).toBe(Math.max(1, Math.ceil(expected.length / 2)));

  for (const limit of ["101", "0", "x"]) {
    const res = await get(withParam(url, `limit=${limit}`));
    expect(res.statusCode, `${url} limit=${limit}`).toBe(400);
    expect(res.json().errors?.[0]?.field, `${url} limit=${limit}`).toBe("limit");
  }
  expect((await get(withParam(url, "limit=100"))).statusCode, url).toBe(200);

  const malformed = await get(withParam(url, "cursor=nope"));
  expect(malformed.statusCode, url).toBe(400);
  expect(malformed.json().errors?.[0]?.field, url).toBe("cursor");
  const unknown = await get(withParam(url, "cursor=00000000-0000-4000-8000-000000000000"));
  expect(unknown.json(), url).toEqual([]);

  if (foreignCursor) {
    const res = await get(withParam(url, `cursor=${foreignCursor}`));
    expect(res.statusCode, url).toBe(200);
    for (const id of ids(res.json())) expect(expected, url).toContain(id);
  }
}
