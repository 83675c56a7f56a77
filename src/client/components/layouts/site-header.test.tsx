import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { LOGO_GLOW_PERIOD_MS, SiteHeader } from "./site-header";

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ message: "Unauthorized" }), { status: 401 }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("site header (spec 000 §9)", () => {
  test("the logo mark glows and dims every 2 s", () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SiteHeader />
      </QueryClientProvider>,
    );
    const mark = screen.getByRole("link", { name: /Pocketwise/ }).querySelector("[aria-hidden]");
    const glowing = () => mark?.className.includes("shadow-[0_0_16px");
    expect(glowing()).toBe(false);
    act(() => vi.advanceTimersByTime(LOGO_GLOW_PERIOD_MS));
    expect(glowing()).toBe(true);
    act(() => vi.advanceTimersByTime(LOGO_GLOW_PERIOD_MS));
    expect(glowing()).toBe(false);
  });

  test("Escape closes the mobile menu and returns focus to its button", () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SiteHeader />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect(screen.getByRole("navigation", { name: "Mobile" })).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open menu" }));
  });
});
