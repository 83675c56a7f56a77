import type { CartStatus } from "@shared/schemas/carts";

/** Which history a screen shows: one child's, or the whole family's (docs/decisions/161). */
export type HistoryScope = { kind: "child"; childId: string } | { kind: "family" };

export interface HistoryFilters {
  month: string;
  status: CartStatus | "";
  category: string;
  /** The family view narrowed to one child; unused on a child's own history. */
  childId: string;
}

export const NO_FILTERS: HistoryFilters = { month: "", status: "", category: "", childId: "" };

/** The filters as a query string, empty ones left out; the same string keys the cache. */
export function filterQuery(filters: HistoryFilters): string {
  const params = new URLSearchParams();
  if (filters.month) params.set("month", filters.month);
  if (filters.status) params.set("status", filters.status);
  if (filters.category.trim()) params.set("category", filters.category.trim());
  if (filters.childId) params.set("childId", filters.childId);
  return params.toString();
}

const base = (scope: HistoryScope) =>
  scope.kind === "child" ? `/api/children/${encodeURIComponent(scope.childId)}` : "/api/family";

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

export const historyUrl = (scope: HistoryScope, filters: HistoryFilters) =>
  withQuery(`${base(scope)}/history`, filterQuery(filters));

/** The CSV download of the same filters: a plain link, so the browser saves the server's attachment. */
export const historyCsvUrl = (scope: HistoryScope, filters: HistoryFilters) =>
  withQuery(`${base(scope)}/history.csv`, filterQuery(filters));

export const spendingUrl = (scope: HistoryScope) => `${base(scope)}/spending`;
