import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { familyGuardians, type SessionData, sessions, users } from "../db/schema";
import { batchLoader } from "../lib/batch-loader";
import { repeatWhileOpen } from "../lib/repeat-while-open";
import { randomToken, sha256 } from "../lib/tokens";
import type { Guardian } from "./auth";

export const SESSION_COOKIE = "pw_session";
/**
 * Says which kind of session this browser holds ("parent" or "child"), and nothing else: not HttpOnly, so the
 * web app can skip asking who is signed in on a visitor's pages, where the answer would be a 401 that the
 * browser logs as an error (docs/decisions/127). It is no credential: every request is judged on the session.
 */
export const SESSION_HINT_COOKIE = "pw_signed_in";
/** docs/product-contract.md "Accounts and sessions (parents)" and the legal pages: 30 idle minutes, renewed by activity. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** Renew at most once a minute so a burst of reads does not write each time. */
const RENEW_AFTER_MS = 60 * 1000;

declare module "fastify" {
  interface FastifyRequest {
    session: SessionData | null;
    sessionSid: string | null;
    /**
     * For a parent session, the family the adult is a guardian of, read with the session on every
     * request; null when they are in none (their account is gone), which no route lets through.
     */
    guardian: Guardian | null;
    /** Starts a fresh session (a new id, so a fixated id never gains rights) and sets the cookie. */
    startSession(reply: FastifyReply, data: SessionData): Promise<void>;
    /** Replaces the data of the current session without changing its id. */
    updateSession(data: SessionData): Promise<void>;
    endSession(reply: FastifyReply): Promise<void>;
  }
}

export default fp(async function sessionPlugin(app: FastifyInstance, opts: { cookieSecure: boolean }) {
  const { db } = app.database;
  const cookieOptions = {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: opts.cookieSecure,
  };
  // The hint is read by the page, so it is the one cookie here that is not HttpOnly.
  const hintOptions = { ...cookieOptions, httpOnly: false };

  // Every API request with a cookie runs this lookup: its SQL is built and planned once, and the
  // requests read in one turn of the event loop share one query.
  const findLiveSessions = db
    .select({ session: sessions, guardian: familyGuardians, firstName: users.firstName })
    .from(sessions)
    .leftJoin(familyGuardians, sql`${familyGuardians.userId} = (${sessions.sess}->>'userId')::uuid`)
    .leftJoin(users, eq(users.id, familyGuardians.userId))
    .where(
      and(sql`${sessions.sid} = any(${sql.placeholder("sids")}::text[])`, gt(sessions.expire, sql.placeholder("now"))),
    )
    .prepare("pw_find_live_sessions");
  const findLiveSession = batchLoader(async (sids: string[]) => {
    const rows = await findLiveSessions.execute({ sids, now: app.now().toISOString() });
    return new Map(rows.map((row) => [row.session.sid, row]));
  });

  app.decorateRequest("session", null);
  app.decorateRequest("sessionSid", null);
  app.decorateRequest("guardian", null);

  app.decorateRequest("startSession", async function (this: FastifyRequest, reply: FastifyReply, data: SessionData) {
    if (this.sessionSid) await db.delete(sessions).where(eq(sessions.sid, this.sessionSid));
    const token = randomToken();
    const sid = sha256(token);
    await db.insert(sessions).values({ sid, sess: data, expire: new Date(app.now().getTime() + SESSION_IDLE_MS) });
    this.session = data;
    this.sessionSid = sid;
    this.guardian = null;
    if (data.kind === "parent") {
      const [row] = await db
        .select({ guardian: familyGuardians, firstName: users.firstName })
        .from(familyGuardians)
        .innerJoin(users, eq(users.id, familyGuardians.userId))
        .where(eq(familyGuardians.userId, data.userId));
      this.guardian = row ? toGuardian(row.guardian, row.firstName) : null;
    }
    reply.setCookie(SESSION_COOKIE, token, cookieOptions);
    if (data.kind === "parent" || data.kind === "child") {
      reply.setCookie(SESSION_HINT_COOKIE, data.kind, hintOptions);
    } else {
      reply.clearCookie(SESSION_HINT_COOKIE, hintOptions);
    }
  });

  app.decorateRequest("updateSession", async function (this: FastifyRequest, data: SessionData) {
    if (!this.sessionSid) throw new Error("no session to update");
    await db.update(sessions).set({ sess: data }).where(eq(sessions.sid, this.sessionSid));
    this.session = data;
  });

  app.decorateRequest("endSession", async function (this: FastifyRequest, reply: FastifyReply) {
    if (this.sessionSid) await db.delete(sessions).where(eq(sessions.sid, this.sessionSid));
    this.session = null;
    this.sessionSid = null;
    this.guardian = null;
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    reply.clearCookie(SESSION_HINT_COOKIE, hintOptions);
  });

  app.addHook("onRequest", async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    // Judged on the matched route, as access is (docs/decisions/120): pages and files need no session.
    if (!req.routeOptions.url?.startsWith("/api/")) return;
    if (!token) {
      // A hint without its session would keep the web app asking and being told 401.
      if (req.cookies[SESSION_HINT_COOKIE]) reply.clearCookie(SESSION_HINT_COOKIE, hintOptions);
      return;
    }
    const sid = sha256(token);
    const found = await findLiveSession(sid);
    const now = app.now();
    if (!found) {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      reply.clearCookie(SESSION_HINT_COOKIE, hintOptions);
      return;
    }
    const row = found.session;
    req.session = row.sess;
    req.sessionSid = sid;
    req.guardian = row.sess.kind === "parent" && found.guardian ? toGuardian(found.guardian, found.firstName) : null;
    // A session made before the hint existed, or whose hint the browser lost, gets it back.
    const kind = row.sess.kind;
    if ((kind === "parent" || kind === "child") && req.cookies[SESSION_HINT_COOKIE] !== kind) {
      reply.setCookie(SESSION_HINT_COOKIE, kind, hintOptions);
    }
    const renewed = now.getTime() + SESSION_IDLE_MS;
    if (renewed - row.expire.getTime() >= RENEW_AFTER_MS) {
      await db
        .update(sessions)
        .set({ expire: new Date(renewed) })
        .where(eq(sessions.sid, sid));
    }
  });

  // Expired rows are useless; sweep them now and then rather than on every request.
  repeatWhileOpen(app, 10 * 60 * 1000, () => db.delete(sessions).where(lt(sessions.expire, app.now())));
});

const toGuardian = (row: typeof familyGuardians.$inferSelect, firstName: string | null): Guardian => ({
  userId: row.userId,
  firstName,
  familyId: row.familyId,
  role: row.role,
  approvalLimit: row.approvalLimit,
});
