import type { FastifyReply } from "fastify";
import { describe, expect, it } from "vitest";
import { LIMIT_MESSAGE, linkNext, pageQuery } from "./paging";

const replyStub = () => {
  const headers: Record<string, string> = {};
  const reply = { header: (name: string, value: string) => (headers[name] = value) } as unknown as FastifyReply;
  return { reply, headers };
};
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `id-${i}` }));

describe("linkNext", () => {
  it("answers the page and names the next one by its last row when an extra row was read", () => {
    const { reply, headers } = replyStub();
    expect(linkNext(reply, rows(4), 3, "/api/x", { q: "a b", empty: undefined })).toEqual(rows(3));
    expect(headers.link).toBe('</api/x?q=a+b&limit=3&cursor=id-2>; rel="next"');
  });

  it("sets no Link on the last page", () => {
    const { reply, headers } = replyStub();
    expect(linkNext(reply, rows(3), 3, "/api/x")).toHaveLength(3);
    expect(headers.link).toBeUndefined();
  });
});

describe("pageQuery", () => {
  const schema = pageQuery(50);
  it("defaults the limit and takes 1 to 100", () => {
    expect(schema.parse({})).toEqual({ limit: 50 });
    expect(schema.parse({ limit: "100" }).limit).toBe(100);
  });

  it("refuses other limits and a cursor that is not an id", () => {
    for (const limit of ["0", "101", "1e2", "0x10", " 5"]) {
      expect(schema.safeParse({ limit }).error?.issues[0]?.message, limit).toBe(LIMIT_MESSAGE);
    }
    expect(schema.safeParse({ cursor: "nope" }).error?.issues[0]?.path).toEqual(["cursor"]);
  });
});
