import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import { KidLoginSchema, KidSessionSchema, LoginCodeSchema } from "../../../shared/schemas/kid-auth";
import { childLoginCodes, children } from "../../db/schema";
import { HttpError, notFound, unauthorized } from "../../lib/http-errors";
import { sha256 } from "../../lib/tokens";
import { requireParent } from "../../plugins/auth";
import { SIGN_IN_FAILURES_ALLOWED, SIGN_IN_WINDOW_MS } from "../../plugins/rate-limits";
import { inFamilyTransaction, withEndedMonthsReviewed } from "../budget/budget";
import { findFamilyChild, toChild } from "../children/children.repository";
import { CHILD_NOT_FOUND } from "../children/children.service";
import { LOGIN_CODE_TTL_MS, newLoginCode, normalizeLoginCode } from "./login-codes";

export const INVALID_CODE = "That code is not valid or has expired";
const TOO_MANY_CODES = "Too many wrong codes.";

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };

export default async function kidAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.post(
    "/api/children/:id/login-code",
    {
      config: { access: "parent" },
      schema: {
        tags: ["kid-auth"],
        summary: "Create a one-time sign-in code for a child (replaces any unused one)",
        params: IdParamsSchema,
        response: { 201: LoginCodeSchema, ...errors },
      },
    },
    async (req, reply) => {
      const parentId = requireParent(req);
      const code = newLoginCode();
      const now = app.now();
      const expiresAt = new Date(now.getTime() + LOGIN_CODE_TTL_MS);
      // One live code per child: a code read out and then replaced must stop working. The family lock makes
      // codes created at the same moment replace each other in turn rather than all survive.
      await inFamilyTransaction(app, parentId, async (tx) => {
        const child = await findFamilyChild(tx, parentId, req.params.id);
        if (!child) throw notFound(CHILD_NOT_FOUND);
        await tx
          .delete(childLoginCodes)
          .where(and(eq(childLoginCodes.childId, child.id), isNull(childLoginCodes.usedAt)));
        await tx
          .insert(childLoginCodes)
          .values({ codeHash: sha256(code), childId: child.id, expiresAt, createdAt: now });
      });
      return reply.status(201).send({ code, expiresAt: expiresAt.toISOString() });
    },
  );

  r.post(
    "/api/kid/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["kid-auth"],
        summary: "Start a child session with a one-time code",
        body: KidLoginSchema,
        response: { 200: KidSessionSchema, ...errors },
      },
    },
    async (req, reply) => {
      const keys = [`kid-login:ip:${req.ip}`];
      // Counted before the code is tried so parallel guesses cannot all slip under the limit; a right
      // code takes its count back.
      const release = await app.rateLimiter.reserve(keys, SIGN_IN_FAILURES_ALLOWED, SIGN_IN_WINDOW_MS, TOO_MANY_CODES);
      const now = app.now();
      // Claiming the code in one conditional update makes it single use even when two devices race.
      const [claimed] = await db
        .update(childLoginCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(childLoginCodes.codeHash, sha256(normalizeLoginCode(req.body.code))),
            isNull(childLoginCodes.usedAt),
            gt(childLoginCodes.expiresAt, now),
          ),
        )
        .returning({ childId: childLoginCodes.childId });
      const [child] = claimed ? await db.select().from(children).where(eq(children.id, claimed.childId)) : [];
      if (!child) throw new HttpError(401, INVALID_CODE);
      await release();
      await req.startSession(reply, { kind: "child", childId: child.id, parentId: child.parentId });
      const [reviewed = child] = await withEndedMonthsReviewed(app, child.parentId, [child]);
      return { child: toChild(reviewed, now) };
    },
  );

  r.get(
    "/api/kid/me",
    {
      config: { access: "child" },
      schema: {
        tags: ["kid-auth"],
        summary: "The child signed in on this device",
        response: { 200: KidSessionSchema, 401: ErrorSchema },
      },
    },
    async (req) => {
      const s = req.session;
      if (s?.kind !== "child") throw unauthorized();
      const child = await findFamilyChild(db, s.parentId, s.childId);
      if (!child) throw unauthorized();
      const [reviewed = child] = await withEndedMonthsReviewed(app, s.parentId, [child]);
      return { child: toChild(reviewed, app.now()) };
    },
  );
}
