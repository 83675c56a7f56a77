import { apiRequest } from "./api";

/** One page of a bounded list (docs/decisions/164): the body is a JSON array, the next page is in `Link`. */
export interface LinkedPage<T> {
  items: T[];
  /** The next page's URL from `Link: <...>; rel="next"`, or null on the last page. */
  next: string | null;
}

export const nextLink = (header: string | null) =>
  header ? (/<([^>]+)>\s*;\s*rel="next"/.exec(header)?.[1] ?? null) : null;

export async function getLinkedPage<T>(url: string): Promise<LinkedPage<T>> {
  const res = await apiRequest("GET", url);
  return { items: (await res.json()) as T[], next: nextLink(res.headers.get("link")) };
}
