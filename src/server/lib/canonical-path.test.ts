import { describe, expect, it } from "vitest";
import { canonicalUrl, leniently } from "./canonical-path";

describe("canonicalUrl", () => {
  it.each([
    ["/api/admin/users", "/api/admin/users"],
    ["/api/%61dmin/users", "/api/admin/users"],
    ["/%61pi/admin/users", "/api/admin/users"],
    ["/api/admi%6E/users", "/api/admin/users"],
    ["/api/%7e%2D%2e%5F", "/api/~-._"],
    // Reserved and other characters stay escaped, with upper-case hex: %2F is not a separator.
    ["/api/admin%2fusers", "/api/admin%2Fusers"],
    ["/api/children/%e2%82%ac", "/api/children/%E2%82%AC"],
    ["//api//admin///users", "/api/admin/users"],
    ["/api/admin/users/", "/api/admin/users"],
    ["/api/./admin/./users", "/api/admin/users"],
    ["/api/children/../admin/users", "/api/admin/users"],
    ["/api/children/%2e%2e/admin/users", "/api/admin/users"],
    ["/../../api/admin/users", "/api/admin/users"],
    ["/api;x=1/admin;jsessionid=2/users;y", "/api/admin/users"],
    ["/api/admin/users?limit=5&x=%61", "/api/admin/users?limit=5&x=%61"],
    ["/api/admin/users?next=/../x", "/api/admin/users?next=/../x"],
    ["/API/Admin/Users", "/API/Admin/Users"],
    ["/", "/"],
    ["/?a=1", "/?a=1"],
  ])("%s → %s", (input, expected) => {
    expect(canonicalUrl(input)).toBe(expected);
  });

  it.each([
    "/api/%ZZmin/users",
    "/api/admin/users%",
    "/api/admin/users%4",
    "/api/%C1%A1dmin/users",
    "/api/%C0%AE%C0%AE/admin/users",
    "/api/%E0%80%AEadmin",
    "/api/%FFadmin",
  ])("leaves %s as it is (it names no route)", (input) => {
    expect(canonicalUrl(input)).toBe(input);
  });

  it("leaves a request target that is not a path alone", () => {
    expect(canonicalUrl("*")).toBe("*");
    expect(canonicalUrl("http://example.com/api/admin")).toBe("http://example.com/api/admin");
  });
});

describe("leniently", () => {
  it.each([
    ["/api/%C1%A1dmin/users", "/api/admin/users"],
    ["/api/%E0%81%A1dmin", "/api/admin"],
    ["/API/%41dmin", "/api/admin"],
    ["/api/admin%2Fusers", "/api/admin/users"],
    ["/api/%ZZadmin", "/api/%zzadmin"],
  ])("%s reads as %s", (input, expected) => {
    expect(leniently(input)).toBe(expected);
  });
});
