import { describe, expect, test } from "vitest";
import { historyCsvUrl, historyUrl, NO_FILTERS } from "./history-query";

describe("history URLs", () => {
  test("leave out empty filters and carry the others", () => {
    expect(historyUrl({ kind: "family" }, NO_FILTERS)).toBe("/api/family/history");
    expect(
      historyUrl(
        { kind: "child", childId: "c1" },
        { ...NO_FILTERS, month: "2026-11", status: "declined", category: " video games " },
      ),
    ).toBe("/api/children/c1/history?month=2026-11&status=declined&category=video+games");
    expect(historyCsvUrl({ kind: "family" }, { ...NO_FILTERS, status: "approved", childId: "c2" })).toBe(
      "/api/family/history.csv?status=approved&childId=c2",
    );
  });
});
