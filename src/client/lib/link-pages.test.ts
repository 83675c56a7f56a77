import { describe, expect, it } from "vitest";
import { nextLink } from "./link-pages";

describe("nextLink", () => {
  it("reads the next page's URL from a Link header", () => {
    expect(nextLink('</api/carts/pending?limit=50&cursor=abc>; rel="next"')).toBe(
      "/api/carts/pending?limit=50&cursor=abc",
    );
  });

  it("is null on the last page or for another relation", () => {
    expect(nextLink(null)).toBeNull();
    expect(nextLink('</api/x?cursor=1>; rel="prev"')).toBeNull();
  });
});
