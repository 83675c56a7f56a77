import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { maySignIn } from "../../../shared/rules/consent-status";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import {
  ChildDeviceSchema,
  KidDeviceTokenSchema,
  KidLoginSchema,
  KidSessionSchema,
  LoginCodeSchema,
} from "../../../shared/schemas/kid-auth";
import { childLoginCodes, children } from "../../db/schema";
import { codedError, forbidden, HttpError, isUuid, notFound, unauthorized } from "../../lib/http-errors";
import { sha256 } from "../../lib/tokens";
import { requireParent } from "../../plugins/auth";
import { SIGN_IN_FAILURES_ALLOWED, SIGN_IN_WINDOW_MS } from "../../plugins/rate-limits";
import { inFamilyTransaction, withEndedMonthsReviewed } from "../budget/budget";
import { findFamilyChild, toChild } from "../children/children.repository";
import { CHILD_NOT_FOUND } from "../children/children.service";
import { forgetDevice, liveDevices, rememberDevice, toDevice } from "./child-devices.repository";
import { describeUserAgent } from "./device-names";
import { LOGIN_CODE_TTL_MS, newLoginCode, normalizeLoginCode } from "./login-codes";

export const INVALID_CODE = "That code is not valid or has expired";
/** docs/decisions/157: what the child hears when a parent's consent is still missing. */
export const CHILD_CONSENT_MISSING = "A parent needs to give consent before you can sign in.";
/** What the parent hears, leading to the consent step for that child. */
export const consentMissingForParent = (name: string, childId: string) =>
  `${name} is under 13, so a parent's consent is needed before ${name} can sign in. Give it in the consent step: /coppa-consent?child=${childId}`;
export const DEVICE_NOT_FOUND = "Device not found";
const CROSS_ORIGIN_REFUSED = "Cross-origin request refused";
const EXTENSION_NAME = "Browser extension";

const DeviceParamsSchema = z.object({ id: z.string(), deviceId: z.string() });
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
        if (!maySignIn(child.consentStatus)) {
          throw codedError(403, "consent_required", consentMissingForParent(child.name, child.id));
        }
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
      // The extension signs in from its own origin (docs/decisions/147); the handler refuses any other
      // cross-origin sign-in, since that one would start a cookie session.
      config: { access: "public", anyOrigin: true },
      schema: {
        tags: ["kid-auth"],
        summary:
          'Start a child session with a one-time code; remember: true keeps it 30 days on this device; device: "extension" answers a bearer token instead',
        body: KidLoginSchema,
        response: { 200: z.union([KidDeviceTokenSchema, KidSessionSchema]), ...errors },
      },
    },
    async (req, reply) => {
      if (req.crossOrigin && req.body.device !== "extension") throw forbidden(CROSS_ORIGIN_REFUSED);
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
      // A code made before the child needed consent (an age lowered, a consent withdrawn) opens nothing.
      if (!maySignIn(child.consentStatus)) throw codedError(403, "consent_required", CHILD_CONSENT_MISSING);
      const { device, deviceName, remember } = req.body;
      const [reviewed = child] = await withEndedMonthsReviewed(app, child.parentId, [child]);
      if (device === "extension") {
        const { token } = await rememberDevice(db, {
          childId: child.id,
          kind: "extension",
          name: deviceName || EXTENSION_NAME,
          now,
        });
        return { token: token as string, child: toChild(reviewed, now) };
      }
      const remembered = remember
        ? await rememberDevice(db, {
            childId: child.id,
            kind: "browser",
            name: deviceName || describeUserAgent(req.headers["user-agent"]),
            now,
          })
        : null;
      await req.startSession(reply, {
        kind: "child",
        childId: child.id,
        parentId: child.parentId,
        ...(remembered && { deviceId: remembered.device.id }),
      });
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

  r.get(
    "/api/children/:id/devices",
    {
      config: { access: "parent" },
      schema: {
        tags: ["kid-auth"],
        summary:
          "The devices a child stays signed in on (remembered browsers and the extension), most recently used first",
        params: IdParamsSchema,
        response: { 200: z.array(ChildDeviceSchema), ...errors },
      },
    },
    async (req) => {
      const familyId = requireParent(req);
      const child = await findFamilyChild(db, familyId, req.params.id);
      if (!child) throw notFound(CHILD_NOT_FOUND);
      const rows = await liveDevices(db, child.id, app.now());
      return rows.map(toDevice);
    },
  );

  r.delete(
    "/api/children/:id/devices/:deviceId",
    {
      config: { access: "parent" },
      schema: {
        tags: ["kid-auth"],
        summary: "Sign a child out on one device, at once",
        params: DeviceParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const familyId = requireParent(req);
      const { id, deviceId } = req.params;
      const child = await findFamilyChild(db, familyId, id);
      if (!child) throw notFound(CHILD_NOT_FOUND);
      if (!isUuid(deviceId) || !(await forgetDevice(db, child.id, deviceId))) throw notFound(DEVICE_NOT_FOUND);
      return reply.status(204).send(null);
    },
  );
}
