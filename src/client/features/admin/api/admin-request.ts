import { ApiRequestError, apiJson, apiRequest } from "@/lib/api";
import { clearAdminToken, getAdminToken } from "../lib/admin-token";

/** spec 001 §8: a 401 or 403 from an admin call ends the staff session. */
export function isAdminSessionError(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
}

/**
 * An admin call (spec 001 §7): bearer token and a JSON content type on every request. A POST without a
 * payload still sends `{}` because the server rejects an empty body declared as JSON.
 */
export async function adminJson<T>(method: "GET" | "POST" | "PATCH", url: string, data?: unknown): Promise<T> {
  const headers = { Authorization: `Bearer ${getAdminToken() ?? ""}`, "Content-Type": "application/json" };
  try {
    const res = await apiRequest(method, url, method === "GET" ? undefined : (data ?? {}), headers);
    return (await res.json()) as T;
  } catch (error) {
    if (isAdminSessionError(error)) clearAdminToken();
    throw error;
  }
}

/** Sign-in and setup go without a token. */
export const adminPublicJson = <T>(url: string, data: unknown) => apiJson<T>("POST", url, data);
