// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { hasHiddenCharacters } from "../../../src/shared/rules/spoofing-text";
import { capLength, cleanText, decodeEntities } from "./text";
import { safeUrl, siteName } from "./url";

describe("cleanText", () => {
  it.each([
    ["  Robot   Kit \n", "Robot Kit"],
    ["Men&#039;s &amp; Women&#x27;s", "Men's & Women's"],
    ["<b>Bold</b> name", "Bold name"],
    ["<script>alert(1)</script>Kit", "Kit"],
    ["&lt;script&gt;alert(1)&lt;/script&gt;Kit", "Kit"],
    ["<style>body{}</style>Kit<!-- note -->", "Kit"],
    ["a < b > c", "a b c"],
    ["Maya\u202egnp.exe", "Mayagnp.exe"],
    ["zero\u200bwidth\u00adsoft", "zerowidthsoft"],
    ["bell\u0007 tab\tline\u2028end", "bell tab line end"],
    ["&unknown; stays", "&unknown; stays"],
    ["&#0;&#xD800;x", "x"],
    ["", null],
    ["\u200b\u200b", null],
    ["<b></b>", null],
    ["   ", null],
    [42, null],
    [null, null],
  ] as const)("%j is %j", (value, expected) => {
    expect(cleanText(value, 200)).toBe(expected);
  });

  it("leaves nothing the cart contract refuses as hidden", () => {
    const hostile = "A\u0000B\u001bC\u202aD\u2066E\u{e0041}F\ufeffG\u180eH";
    const text = cleanText(hostile, 200);
    expect(text).toBe("ABCDEFGH");
    expect(hasHiddenCharacters(text ?? "")).toBe(false);
  });

  it("costs no more for a megabyte than for its first few kilobytes", () => {
    expect(cleanText(`Name ${"<".repeat(1_000_000)}`, 200)).toBe("Name");
  });

  it("caps by UTF-16 units without cutting a surrogate pair", () => {
    expect(capLength("ab🚀", 3)).toBe("ab");
    expect(capLength("ab🚀", 4)).toBe("ab🚀");
    expect(decodeEntities("&#128640;")).toBe("🚀");
  });
});

describe("safeUrl", () => {
  const base = "https://shop.example/a/b";
  it.each([
    ["https://cdn.example/x.jpg", "https://cdn.example/x.jpg"],
    ["http://cdn.example/x.jpg", "http://cdn.example/x.jpg"],
    ["//cdn.example/x.jpg", "https://cdn.example/x.jpg"],
    ["/x.jpg", "https://shop.example/x.jpg"],
    ["x.jpg", "https://shop.example/a/x.jpg"],
    [" HTTPS://CDN.example/x ", "https://cdn.example/x"],
    ["https://cdn.example/a b\u202e", "https://cdn.example/a%20b%E2%80%AE"],
    ["javascript:alert(1)", null],
    ["JavaScript:alert(1)", null],
    ["  javascript:alert(1)", null],
    ["data:image/png;base64,AAAA", null],
    ["blob:https://shop.example/1", null],
    ["ftp://shop.example/x", null],
    ["https://shop.example@evil.example/", null],
    [`https://cdn.example/${"a".repeat(2100)}`, null],
    ["", null],
    [7, null],
  ] as const)("%j is %j", (value, expected) => {
    expect(safeUrl(value, base)).toBe(expected);
  });

  it("names a site by its host", () => {
    expect(siteName("https://www.toybarn.example/p/1")).toBe("toybarn.example");
    expect(siteName("nonsense")).toBeNull();
  });
});
