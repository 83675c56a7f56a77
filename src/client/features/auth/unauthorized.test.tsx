import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { useToasts } from "@/hooks/use-toast";
import { LOGIN_REDIRECT_DELAY_MS, redirectToLogin } from "./unauthorized";

function ToastTexts() {
  return (
    <ul>
      {useToasts().map((t) => (
        <li key={t.id}>{t.description}</li>
      ))}
    </ul>
  );
}

let assigned: string[];
beforeEach(() => {
  vi.useFakeTimers();
  assigned = [];
  // Record where the page would go instead of leaving the test's document.
  vi.spyOn(window, "location", "get").mockReturnValue({
    ...window.location,
    pathname: "/parent",
    search: "",
    set href(url: string) {
      assigned.push(url);
    },
  } as unknown as Location);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("redirectToLogin (spec 000 §8)", () => {
  test("shows the Unauthorized toast for 500 ms from when a toaster can show it, then goes to sign in", async () => {
    redirectToLogin();
    // The toaster is a lazy chunk: until it is there, the clock for the redirect has not started.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(assigned).toEqual([]);

    const { getByText } = render(<ToastTexts />);
    expect(getByText("You are logged out. Logging in again...")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS - 1));
    expect(assigned).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(assigned).toEqual(["/api/login?mode=login&returnTo=%2Fparent"]);

    // Only once per page, however many requests answer 401.
    redirectToLogin();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(assigned).toHaveLength(1);
  });
});
