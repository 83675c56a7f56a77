import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AccountDeletionSchema,
  AccountNameSchema,
  AccountSchema,
  EmailChangeConfirmedSchema,
  EmailChangeConfirmSchema,
  EmailChangeRequestSchema,
  PasswordChangeSchema,
} from "../../../shared/schemas/account";
import { ErrorSchema } from "../../../shared/schemas/common";
import { unauthorized } from "../../lib/http-errors";
import { requireAdult, requireGuardian } from "../../plugins/auth";
import { accountService } from "./account.service";
import { exportFileName } from "./account-export";

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/**
 * docs/decisions/156: the signed-in parent's own name, e-mail, password and sessions. Registered after the
 * automations plugin, whose mailer it uses.
 */
export default async function accountRoutes(app: FastifyInstance, opts: { linkOrigin: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = accountService(app, opts.linkOrigin);

  r.get(
    "/api/account",
    {
      config: { access: "parent" },
      schema: {
        tags: ["account"],
        summary: "The signed-in adult's own account, with a change of e-mail waiting for its link",
        response: { 200: AccountSchema, ...errors },
      },
    },
    async (req) => service.read(requireAdult(req)),
  );

  r.patch(
    "/api/account",
    {
      config: { access: "parent" },
      schema: {
        tags: ["account"],
        summary: "Changes the adult's first and last name",
        body: AccountNameSchema,
        response: { 200: AccountSchema, ...errors },
      },
    },
    async (req) => service.rename(requireAdult(req), req.body.firstName, req.body.lastName),
  );

  r.post(
    "/api/account/email",
    {
      config: { access: "parent" },
      schema: {
        tags: ["account"],
        summary:
          "Mails a link to the new address (and a notice to the current one); the e-mail changes when it is opened",
        body: EmailChangeRequestSchema,
        response: { 202: AccountSchema, ...errors, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      const account = await service.requestEmailChange(requireAdult(req), req.body, { ip: req.ip, log: req.log });
      return reply.status(202).send(account);
    },
  );

  r.post(
    "/api/account/email/confirm",
    {
      // The link may be opened in any browser, signed in or not: the token is the proof.
      config: { access: "public" },
      schema: {
        tags: ["account"],
        summary: "Moves the account to the address an e-mail change link was sent to (single use)",
        body: EmailChangeConfirmSchema,
        response: { 200: EmailChangeConfirmedSchema, 400: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (req) => service.confirmEmailChange(req.body.token),
  );

  r.post(
    "/api/account/password",
    {
      config: { access: "parent" },
      schema: {
        tags: ["account"],
        summary: "Changes the password with the current one; ends every other session of the account",
        body: PasswordChangeSchema,
        response: { 204: z.null(), ...errors, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      const userId = requireAdult(req);
      if (!req.sessionSid) throw unauthorized();
      await service.changePassword(userId, req.body, { ip: req.ip, sid: req.sessionSid, log: req.log });
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/account/sign-out-everywhere",
    {
      config: { access: "parent" },
      schema: {
        tags: ["account"],
        summary: "Ends every session of the account, this one included",
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.signOutEverywhere(requireAdult(req));
      await req.endSession(reply);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/account/export",
    {
      config: { access: "parent" },
      schema: {
        tags: ["account"],
        summary:
          "Everything the family holds, and the adult's own data, as one JSON document sent as an attachment (docs/decisions/158)",
        // The document is streamed table by table, never through a serializer.
        response: { 200: z.unknown().describe("application/json"), ...errors, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      const guardian = requireGuardian(req);
      const document = await service.exportData({ userId: guardian.userId, familyId: guardian.familyId });
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="${exportFileName(app.now())}"`)
        .header("cache-control", "no-store")
        .send(document);
    },
  );

  r.delete(
    "/api/account",
    {
      config: { access: "parent" },
      schema: {
        tags: ["account"],
        summary:
          "With the password: the owner deletes the family and all its data, another guardian leaves it and deletes their own account; every session ends and a receipt is e-mailed",
        body: AccountDeletionSchema,
        response: { 204: z.null(), ...errors, 429: ErrorSchema, 502: ErrorSchema },
      },
    },
    async (req, reply) => {
      await service.deleteAccount(requireGuardian(req), req.body.password, { ip: req.ip, log: req.log });
      await req.endSession(reply);
      return reply.status(204).send(null);
    },
  );

  // The mailer closes with the automations plugin, after this one: let messages under way finish first.
  app.addHook("onClose", async () => {
    await service.settle();
  });
}
