import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, test, vi } from "vitest";
import { shareChangesAcrossTabs } from "./cross-tab-refresh";

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A tab: its own query client, holding one cached query, sharing its changes. */
function tab() {
  const client = new QueryClient();
  client.setQueryData(["/api/children"], []);
  stops.push(shareChangesAcrossTabs(client));
  return client;
}

const invalidated = (client: QueryClient) => client.getQueryState(["/api/children"])?.isInvalidated;

describe("shareChangesAcrossTabs", () => {
  test("a successful write in one tab makes the other tabs refetch, not the writer", async () => {
    const settings = tab();
    const dashboard = tab();
    await settings
      .getMutationCache()
      .build(settings, { mutationFn: async () => "saved" })
      .execute(undefined);
    await vi.waitFor(() => expect(invalidated(dashboard)).toBe(true));
    expect(invalidated(settings)).toBe(false);
  });

  test("a failed write tells no one", async () => {
    const settings = tab();
    const dashboard = tab();
    const failing = settings.getMutationCache().build(settings, {
      mutationFn: async () => {
        throw new Error("refused");
      },
    });
    await expect(failing.execute(undefined)).rejects.toThrow("refused");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(invalidated(dashboard)).toBe(false);
  });
});
