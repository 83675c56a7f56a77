import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { UserSchema } from "../../../shared/schemas/auth";
import { ErrorSchema } from "../../../shared/schemas/common";
import {
  PASSWORD_RESET_ACCEPTED,
  PASSWORD_RESET_TOKEN_INVALID,
  PasswordResetAcceptedSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
} from "../../../shared/schemas/password-reset";
import { badRequest } from "../../lib/http-errors";
import { randomToken, sha256 } from "../../lib/tokens";
import {
  RESET_REQUEST_WINDOW_MS,
  RESET_REQUESTS_PER_ADDRESS,
  RESET_REQUESTS_PER_EMAIL,
} from "../../plugins/rate-limits";
import { hashPassword } from "../auth/passwords";
import { findUserByEmail, toUser } from "../auth/users.repository";
import { passwordResetMail } from "./password-reset.mail";
import { replaceResetToken, useResetToken } from "./password-reset.repository";

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
const TOO_MANY_RESETS = "Too many password reset requests.";

/** docs/decisions/100-password-reset.md. Registered after the automations plugin, whose mailer it uses. */
export default async function passwordResetRoutes(app: FastifyInstance, opts: { linkOrigin: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const sending = new Set<Promise<void>>();

  r.post(
    "/api/auth/password-reset",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "E-mail a link to choose a new password (the answer never says whether the account exists)",
        body: PasswordResetRequestSchema,
        response: { 202: PasswordResetAcceptedSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      const { email } = req.body;
      const releaseAddress = await app.rateLimiter.reserve(
        [`reset:ip:${req.ip}`],
        RESET_REQUESTS_PER_ADDRESS,
        RESET_REQUEST_WINDOW_MS,
        TOO_MANY_RESETS,
      );
      try {
        await app.rateLimiter.reserve(
          [`reset:account:${email}`],
          RESET_REQUESTS_PER_EMAIL,
          RESET_REQUEST_WINDOW_MS,
          TOO_MANY_RESETS,
        );
      } catch (err) {
        // As with sign-ins, a refused request counts against no key.
        await releaseAddress();
        throw err;
      }
      const user = await findUserByEmail(db, email);
      // Accounts made through single sign-on have no password to reset.
      if (user?.passwordHash) {
        const token = randomToken();
        const now = app.now();
        await replaceResetToken(db, user.id, sha256(token), now, new Date(now.getTime() + RESET_TOKEN_TTL_MS));
        const link = `${opts.linkOrigin}/reset-password?token=${encodeURIComponent(token)}`;
        // Sent after answering: an SMTP round trip only for real accounts would tell them apart by time.
        const sent = app.mailer
          .send({ to: user.email, date: now, ...passwordResetMail(user.firstName, link) })
          .then(
            (detail) => req.log.info({ userId: user.id }, `Sent the password reset e-mail, ${detail}`),
            (err) => req.log.error({ err, userId: user.id }, "could not send the password reset e-mail"),
          )
          .finally(() => sending.delete(sent));
        sending.add(sent);
      }
      return reply.status(202).send({ message: PASSWORD_RESET_ACCEPTED });
    },
  );

  r.post(
    "/api/auth/password-reset/confirm",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Choose a new password with a reset link's token; ends every other session and signs in",
        body: PasswordResetConfirmSchema,
        response: { 200: UserSchema, 400: ErrorSchema },
      },
    },
    async (req, reply) => {
      const passwordHash = await hashPassword(req.body.password);
      const user = await useResetToken(db, sha256(req.body.token), passwordHash, app.now());
      if (!user) throw badRequest(PASSWORD_RESET_TOKEN_INVALID, "token");
      await req.startSession(reply, { kind: "parent", userId: user.id });
      return toUser(user);
    },
  );

  // The mailer closes with the automations plugin, after this one: let messages under way finish first.
  app.addHook("onClose", async () => {
    await Promise.allSettled(sending);
  });
}
