/** spec 001 §6: the admin token is kept in browser storage; this is its one key. */
export const ADMIN_TOKEN_KEY = "pocketwise.adminToken";

export function getAdminToken(): string | null {
  return window.localStorage.getItem(ADMIN_TOKEN_KEY);
}

export function setAdminToken(token: string) {
  window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
}

export function clearAdminToken() {
  window.localStorage.removeItem(ADMIN_TOKEN_KEY);
}
