import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ChildDeviceList } from "./child-device-list";

let calls: { method: string; url: string }[];
let devices: unknown[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  calls = [];
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  devices = [
    { id: "d1", kind: "extension", name: "Family laptop", lastUsedAt: hourAgo, expiresAt: hourAgo, createdAt: hourAgo },
    { id: "d2", kind: "browser", name: "Safari on iPad", lastUsedAt: hourAgo, expiresAt: hourAgo, createdAt: hourAgo },
  ];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push({ method, url });
    if (method === "DELETE") {
      devices = devices.filter((d) => !url.endsWith((d as { id: string }).id));
      return new Response(null, { status: 204 });
    }
    return json(200, devices);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChildDeviceList childId="c1" childName="Maya" />
    </QueryClientProvider>,
  );
}

describe("ChildDeviceList", () => {
  test("lists each device with its kind and last use, and signs one out at once", async () => {
    renderList();
    const laptop = (await screen.findByText("Family laptop")).closest("li") as HTMLElement;
    expect(within(laptop).getByText(/Pocketwise browser extension · last used 1 hour ago/)).toBeTruthy();
    expect(screen.getByText(/Stays signed in on this browser · last used 1 hour ago/)).toBeTruthy();
    fireEvent.click(within(laptop).getByRole("button", { name: "Sign Maya out on Family laptop" }));
    await vi.waitFor(() => expect(screen.queryByText("Family laptop")).toBeNull());
    expect(calls).toContainEqual({ method: "DELETE", url: "/api/children/c1/devices/d1" });
    expect(screen.getByText("Safari on iPad")).toBeTruthy();
  });

  test("says when no device is remembered", async () => {
    devices = [];
    renderList();
    expect(await screen.findByText(/No remembered devices/)).toBeTruthy();
  });
});
