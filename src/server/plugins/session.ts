import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { childDevices, children, familyGuardians, type SessionData, sessions, users } from "../db/schema";
import { batchLoader } from "../lib/batch-loader";
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
/**
 * docs/product-contract.md "Asking from the store": a child's remembered browser and the extension's token
 * last 30 days, renewed by use. Parents keep the 30 idle minutes.
 */
export const DEVICE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Renew at most once a minute so a burst of reads does not write each time. */
const RENEW_AFTER_MS = 60 * 1000;
/**
 * The prefix of a child device's bearer token (docs/decisions/147): only such a token is read as a child's
 * session, so staff and merchant keys, which also travel as bearer tokens, are never looked up here.
 */
export const CHILD_TOKEN_PREFIX = "pwc_";
/** The stream key of a bearer request, in place of a cookie session's id (live events, decision 131). */
export const deviceStreamKey = (deviceId: string) => `device:${deviceId}`;

const ttlOf = (data: SessionData) => (data.kind === "child" && data.deviceId ? DEVICE_TTL_MS : SESSION_IDLE_MS);

/** The child token an `Authorization: Bearer` header carries, or null. */
export function childBearerToken(req: FastifyRequest): string | null {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
  return token?.startsWith(CHILD_TOKEN_PREFIX) ? token : null;
}

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

  const findLiveDevice = db
    .select({
      id: childDevices.id,
      childId: childDevices.childId,
      parentId: children.parentId,
      lastUsedAt: childDevices.lastUsedAt,
    })
    .from(childDevices)
    .innerJoin(children, eq(children.id, childDevices.childId))
    .where(and(eq(childDevices.tokenHash, sql.placeholder("hash")), gt(childDevices.expiresAt, sql.placeholder("now"))))
    .prepare("pw_find_live_device");
  const renewDevice = (deviceId: string, now: Date) =>
    db
      .update(childDevices)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + DEVICE_TTL_MS) })
      .where(eq(childDevices.id, deviceId));

  /** A request with a child's bearer token is judged as that child's session; its cookies are not read. */
  async function judgeBearer(req: FastifyRequest, token: string) {
    const now = app.now();
    const [device] = await findLiveDevice.execute({ hash: sha256(token), now: now.toISOString() });
    if (!device) return;
    req.session = { kind: "child", childId: device.childId, parentId: device.parentId, deviceId: device.id };
    req.sessionSid = deviceStreamKey(device.id);
    if (now.getTime() - device.lastUsedAt.getTime() >= RENEW_AFTER_MS) await renewDevice(device.id, now);
  }

  app.decorateRequest("session", null);
  app.decorateRequest("sessionSid", null);
  app.decorateRequest("guardian", null);

  app.decorateRequest("startSession", async function (this: FastifyRequest, reply: FastifyReply, data: SessionData) {
    if (this.sessionSid) await db.delete(sessions).where(eq(sessions.sid, this.sessionSid));
    const token = randomToken();
    const sid = sha256(token);
    await db.insert(sessions).values({ sid, sess: data, expire: new Date(app.now().getTime() + ttlOf(data)) });
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
    // A remembered device keeps its cookie across browser restarts; any other session's ends with the browser.
    const remembered = data.kind === "child" && data.deviceId;
    reply.setCookie(
      SESSION_COOKIE,
      token,
      remembered ? { ...cookieOptions, maxAge: DEVICE_TTL_MS / 1000 } : cookieOptions,
    );
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
    const bearer = childBearerToken(req);
    if (bearer) return judgeBearer(req, bearer);
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
    const renewed = now.getTime() + ttlOf(row.sess);
    if (renewed - row.expire.getTime() >= RENEW_AFTER_MS) {
      await db
        .update(sessions)
        .set({ expire: new Date(renewed) })
        .where(eq(sessions.sid, sid));
      if (row.sess.kind === "child" && row.sess.deviceId) {
        await renewDevice(row.sess.deviceId, now);
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: DEVICE_TTL_MS / 1000 });
      }
    }
  });
});

const toGuardian = (row: typeof familyGuardians.$inferSelect, firstName: string | null): Guardian => ({
  userId: row.userId,
  firstName,
  familyId: row.familyId,
  role: row.role,
  approvalLimit: row.approvalLimit,
});
