import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorSchema } from "../../../shared/schemas/common";
import { ReferralInviteAcceptedSchema, ReferralInviteSchema, ReferralsSchema } from "../../../shared/schemas/referrals";
import { requireGuardian } from "../../plugins/auth";
import { deleteInvite, findCodeOwner } from "./referrals.repository";
import {
  codeOf,
  INVITED_THIS_WEEK,
  invitationMail,
  normaliseCode,
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_DAYS,
  recordInvite,
  referralLink,
  referralsOf,
} from "./referrals.service";

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema };
/** The landing page, with the sign-up dialog opened by the referral section (docs/decisions/151). */
export const REFERRAL_LANDING = "/?signup=1";

/** docs/decisions/151: referral links, the parent's progress, and invitations by e-mail. */
export default async function referralsRoutes(
  app: FastifyInstance,
  opts: { linkOrigin: string; cookieSecure: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const sending = new Set<Promise<void>>();

  r.get(
    "/api/referrals",
    {
      config: { access: "parent" },
      schema: {
        tags: ["referrals"],
        summary: "The signed-in parent's referral link, families joined and reward tiers",
        response: { 200: ReferralsSchema, ...errors },
      },
    },
    async (req) => referralsOf(app, requireGuardian(req).userId, opts.linkOrigin),
  );

  r.get(
    "/r/:code",
    {
      config: { access: "public" },
      schema: { hide: true, params: z.object({ code: z.string() }) },
    },
    async (req, reply) => {
      const code = normaliseCode(req.params.code);
      if (code && (await findCodeOwner(db, code))) {
        reply.setCookie(REFERRAL_COOKIE, code, {
          path: "/",
          httpOnly: true,
          sameSite: "lax",
          secure: opts.cookieSecure,
          maxAge: REFERRAL_COOKIE_DAYS * 24 * 60 * 60,
        });
      }
      return reply.redirect(REFERRAL_LANDING, 302);
    },
  );

  r.post(
    "/api/referrals/invite",
    {
      config: { access: "parent" },
      schema: {
        tags: ["referrals"],
        summary: "E-mail a friend the parent's referral link (one per address a week, 20 a day)",
        description: `429 when the sender's daily limit is reached or: "${INVITED_THIS_WEEK}"`,
        body: ReferralInviteSchema,
        response: { 202: ReferralInviteAcceptedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const guardian = requireGuardian(req);
      const { email } = req.body;
      const { inviteId, send } = await recordInvite(app, guardian.userId, email);
      if (send) {
        const link = referralLink(opts.linkOrigin, await codeOf(app, guardian.userId));
        // Sent after answering, as the password reset is: the answer takes as long whether or not the
        // address has an account. A failed send frees the address to be invited again.
        const sent = app.mailer
          .send({ to: email, date: app.now(), ...invitationMail(guardian.firstName, link) })
          .then(
            (where) => req.log.info({ inviteId, where }, "referral invitation sent"),
            async (err) => {
              req.log.error({ err, inviteId }, "could not send a referral invitation");
              await deleteInvite(db, inviteId).catch(() => {});
            },
          )
          .finally(() => sending.delete(sent));
        sending.add(sent);
      }
      return reply.status(202).send({ message: `Invitation sent to ${email}.` });
    },
  );

  // The mailer closes with the automations plugin, registered before this one: let sends under way finish.
  app.addHook("onClose", async () => {
    await Promise.allSettled(sending);
  });
}
