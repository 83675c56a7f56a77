import { apiRequest } from "@/lib/api";
import { nextLink } from "@/lib/link-pages";
import { clearAdminToken, getAdminToken } from "../lib/admin-token";
import { isAdminSessionError } from "./admin-request";

export interface AdminPage<T> {
  items: T[];
  /** The next page's URL from the answer's `Link: <...>; rel="next"`, or null on the last page. */
  next: string | null;
}

/**
 * One page of a bounded staff list (docs/product-contract.md "Bounded lists and limits"): the body stays a
 * JSON array and the next page is named by the Link header, so the page needs the headers as well.
 */
export async function getAdminPage<T>(url: string): Promise<AdminPage<T>> {
  try {
    const res = await apiRequest("GET", url, undefined, { Authorization: `Bearer ${getAdminToken() ?? ""}` });
    return { items: (await res.json()) as T[], next: nextLink(res.headers.get("link")) };
  } catch (error) {
    if (isAdminSessionError(error)) clearAdminToken();
    throw error;
  }
}
