import { ApiRequestError } from "./api";

/**
 * Whether this browser may hold a session, so that a visitor's pages never ask "who is signed in?" only to be
 * told 401, which Chromium logs as a console error on every public page. The session cookie is HttpOnly and the
 * contract keeps `GET /api/auth/user` and `GET /api/kid/me` answering 401 without a session, so the server sets
 * a second cookie beside it that names the session's kind and nothing more (docs/decisions/127), and clears it
 * with the session. It is a hint, never a credential: the server still decides every request, and a protected
 * screen asks the server whatever the hint says.
 */
export type SessionKind = "parent" | "child";

const HINT_COOKIE = "pw_signed_in";

/** The kind the server's hint names, or null for none. */
function readHint(): SessionKind | null {
  const value = document.cookie
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === HINT_COOKIE)?.[1];
  return value === "parent" || value === "child" ? value : null;
}

/** Probes answered null without asking, and probes a protected screen wants asked whatever the hint. */
const guessed = new Set<SessionKind>();
const forced = new Set<SessionKind>();

/**
 * The session probe of one kind: the server's answer, or null on 401; null without a request when nothing
 * suggests such a session exists.
 */
export async function probeSession<T>(kind: SessionKind, ask: () => Promise<T>): Promise<T | null> {
  const hint = readHint();
  if (!forced.has(kind) && hint !== kind) {
    guessed.add(kind);
    return null;
  }
  forced.delete(kind);
  guessed.delete(kind);
  try {
    return await ask();
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

/** True when the cached null of this probe is the hint's guess rather than the server's answer. */
export const wasGuessed = (kind: SessionKind) => guessed.has(kind);

/** The next probe of this kind asks the server, whatever the hint says. */
export const askServerNext = (kind: SessionKind) => {
  forced.add(kind);
};
