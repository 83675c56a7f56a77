import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorSchema } from "../../../shared/schemas/common";
import {
  NOTIFICATION_KIND_LABELS,
  NotificationPreferencesPatchSchema,
  NotificationPreferencesSchema,
  UnsubscribeLinkSchema,
} from "../../../shared/schemas/notifications";
import { notFound } from "../../lib/http-errors";
import { requireAdult } from "../../plugins/auth";
import { findUser } from "./outbox.repository";
import { patchPreferences, readPreferences } from "./preferences.repository";
import { readUnsubscribeToken, unsubscribeKey } from "./unsubscribe.service";

export const UNSUBSCRIBE_LINK_INVALID = "This unsubscribe link does not work. Choose what we send you in your account.";

const TokenParamsSchema = z.object({ token: z.string().max(500) });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/** docs/product-contract.md "Hearing at once": a guardian's own preferences, and the e-mails' unsubscribe links. */
export default async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    "/api/account/notifications",
    {
      config: { access: "parent" },
      schema: {
        tags: ["notifications"],
        summary: "What the signed-in guardian is told, by e-mail and by push (all on until changed)",
        response: { 200: NotificationPreferencesSchema, ...errors },
      },
    },
    async (req) => readPreferences(db, requireAdult(req)),
  );

  r.patch(
    "/api/account/notifications",
    {
      config: { access: "parent" },
      schema: {
        tags: ["notifications"],
        summary: "Turns kinds of notification on or off; any subset, the rest stays as it was",
        body: NotificationPreferencesPatchSchema,
        response: { 200: NotificationPreferencesSchema, ...errors },
      },
    },
    async (req) => patchPreferences(db, requireAdult(req), req.body, app.now()),
  );

  /** The account and kind a link names, with the account's address; 404 for any other text. */
  async function linkOf(token: string) {
    const named = readUnsubscribeToken(await unsubscribeKey(db), token);
    const user = named ? await findUser(db, named.userId) : null;
    if (!named || !user) throw notFound(UNSUBSCRIBE_LINK_INVALID);
    return { ...named, email: user.email };
  }

  const describe = async (link: Awaited<ReturnType<typeof linkOf>>) => ({
    kind: link.kind,
    label: NOTIFICATION_KIND_LABELS[link.kind].label,
    email: link.email,
    subscribed: (await readPreferences(db, link.userId)).email[link.kind],
  });

  await app.register(async (scope) => {
    const s = scope.withTypeProvider<ZodTypeProvider>();
    // RFC 8058 §3.1: the mail client's one-click POST carries "List-Unsubscribe=One-Click" as a form
    // body, which says nothing the address does not; it is read and dropped.
    scope.addContentTypeParser(
      ["application/x-www-form-urlencoded", "multipart/form-data"],
      { parseAs: "buffer", bodyLimit: 4096 },
      (_req, _body, done) => done(null, undefined),
    );

    s.get(
      "/api/unsubscribe/:token",
      {
        config: { access: "public" },
        schema: {
          tags: ["notifications"],
          summary: "What an e-mail's unsubscribe link turns off (changes nothing)",
          params: TokenParamsSchema,
          response: { 200: UnsubscribeLinkSchema, 404: ErrorSchema },
        },
      },
      async (req, reply) => {
        reply.header("Cache-Control", "no-store");
        return describe(await linkOf(req.params.token));
      },
    );

    s.post(
      "/api/unsubscribe/:token",
      {
        // The link is the credential, and all it can do is turn one kind of e-mail off: a mail client may
        // send it from anywhere (RFC 8058), so no session and no Origin check.
        config: { access: "public", anyOrigin: true },
        schema: {
          tags: ["notifications"],
          summary: "One-click unsubscribe (RFC 8058): turns off the e-mail of the link's kind",
          params: TokenParamsSchema,
          response: { 200: UnsubscribeLinkSchema, 404: ErrorSchema },
        },
      },
      async (req, reply) => {
        const link = await linkOf(req.params.token);
        await patchPreferences(db, link.userId, { email: { [link.kind]: false } }, app.now());
        reply.header("Cache-Control", "no-store");
        return describe(link);
      },
    );
  });
}
