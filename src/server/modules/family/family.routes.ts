import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatCents, parseCents } from "../../../shared/rules/money";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import {
  FamilySchema,
  FamilyUpdateSchema,
  GuardianInviteSchema,
  GuardianUpdateSchema,
  InvitationSchema,
  PendingInvitationSchema,
} from "../../../shared/schemas/family";
import { HttpError, notFound } from "../../lib/http-errors";
import { sha256 } from "../../lib/tokens";
import { requireGuardian, requireOwner } from "../../plugins/auth";
import { findUserById, parentName } from "../auth/users.repository";
import { queueNotification } from "../notifications/notifications";
import { findFamily, findInvitation, revokeInvitation, setApprovalWindow, setGuardianLimit } from "./family.repository";
import {
  acceptInvitation,
  createInvitation,
  GUARDIAN_NOT_FOUND,
  INVITATION_NOT_FOUND,
  removeGuardian,
  toInvitation,
} from "./family.service";

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const TokenParamsSchema = z.object({ token: z.string().max(200) });
/** Invitation links carry 256 random bits; this only keeps a guesser from loading the database. */
const INVITATION_LOOKUPS_PER_ADDRESS = 60;
const INVITATION_LOOKUP_WINDOW_MS = 15 * 60 * 1000;
const TOO_MANY_LOOKUPS = "Too many invitation links tried. Please wait a few minutes and try again.";

/** docs/product-contract.md "The family and its guardians"; docs/decisions/130. */
export default async function familyRoutes(app: FastifyInstance, opts: { linkOrigin: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  const familyOf = async (familyId: string) => {
    const family = await findFamily(db, familyId, app.now());
    if (!family) throw notFound("Family not found");
    return family;
  };

  r.get(
    "/api/family",
    {
      config: { access: "parent" },
      schema: {
        tags: ["family"],
        summary: "The signed-in adult's family: its approval window and guardians",
        response: { 200: FamilySchema, ...errors },
      },
    },
    async (req) => familyOf(requireGuardian(req).familyId),
  );

  r.patch(
    "/api/family",
    {
      config: { access: "parent" },
      schema: {
        tags: ["family"],
        summary: "Change how long a cart waits for a guardian (hours, 1-168)",
        body: FamilyUpdateSchema,
        response: { 200: FamilySchema, ...errors },
      },
    },
    async (req) => {
      const { familyId } = requireGuardian(req);
      await setApprovalWindow(db, familyId, req.body.approvalWindowHours, app.now());
      return familyOf(familyId);
    },
  );

  r.post(
    "/api/family/guardians",
    {
      config: { access: "parent" },
      schema: {
        tags: ["family"],
        summary: "Invite another adult to the family by e-mail (owner only)",
        body: GuardianInviteSchema,
        response: { 201: PendingInvitationSchema, ...errors },
      },
    },
    async (req, reply) => {
      const owner = requireOwner(req);
      const inviter = await findUserById(db, owner.userId);
      const invitation = await createInvitation(app, owner, req.body, (tx, { token, invitation }) =>
        queueNotification(tx, {
          type: "guardian.invitation",
          familyId: owner.familyId,
          email: invitation.email,
          link: `${opts.linkOrigin}/join/${token}`,
          invitedBy: inviter ? parentName(inviter) : null,
        }),
      );
      app.notifications.wake();
      return reply.status(201).send({
        id: invitation.tokenHash,
        email: invitation.email,
        approvalLimit: invitation.approvalLimit === null ? null : formatCents(invitation.approvalLimit),
        expiresAt: invitation.expiresAt.toISOString(),
      });
    },
  );

  r.patch(
    "/api/family/guardians/:id",
    {
      config: { access: "parent" },
      schema: {
        tags: ["family"],
        summary: "Set or clear a guardian's own approval limit (owner only)",
        params: IdParamsSchema,
        body: GuardianUpdateSchema,
        response: { 200: FamilySchema, ...errors },
      },
    },
    async (req) => {
      const owner = requireOwner(req);
      const limit = req.body.approvalLimit ? parseCents(req.body.approvalLimit) : null;
      if (!(await setGuardianLimit(db, owner.familyId, req.params.id, limit).catch(() => false))) {
        throw notFound(GUARDIAN_NOT_FOUND);
      }
      return familyOf(owner.familyId);
    },
  );

  r.delete(
    "/api/family/guardians/:id",
    {
      config: { access: "parent" },
      schema: {
        tags: ["family"],
        summary: "Remove a guardian from the family; their access ends at once (owner only)",
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await removeGuardian(app, requireOwner(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.delete(
    "/api/family/invitations/:id",
    {
      config: { access: "parent" },
      schema: {
        tags: ["family"],
        summary: "Withdraw an invitation not yet accepted (owner only)",
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const owner = requireOwner(req);
      if (!(await revokeInvitation(db, owner.familyId, req.params.id, app.now()))) {
        throw notFound("Invitation not found");
      }
      return reply.status(204).send(null);
    },
  );

  /** Counts a lookup by a link's token against the caller's address; a valid link gives its count back. */
  const reserveLookup = (ip: string) =>
    app.rateLimiter.reserve(
      [`invitation:ip:${ip}`],
      INVITATION_LOOKUPS_PER_ADDRESS,
      INVITATION_LOOKUP_WINDOW_MS,
      TOO_MANY_LOOKUPS,
    );

  r.get(
    "/api/family/invitations/:token",
    {
      config: { access: "public" },
      schema: {
        tags: ["family"],
        summary: "What an invitation link offers, before joining (changes nothing)",
        params: TokenParamsSchema,
        response: { 200: InvitationSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req) => {
      const release = await reserveLookup(req.ip);
      const found = await findInvitation(db, sha256(req.params.token));
      const invitation = found ? toInvitation(found, app.now()) : null;
      if (!invitation) throw notFound(INVITATION_NOT_FOUND);
      await release();
      return invitation;
    },
  );

  r.post(
    "/api/family/invitations/:token/accept",
    {
      config: { access: "parent" },
      schema: {
        tags: ["family"],
        summary: "Join the family an invitation names, as the signed-in adult",
        params: TokenParamsSchema,
        response: { 200: FamilySchema, ...errors, 410: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req) => {
      const guardian = requireGuardian(req);
      const adult = await findUserById(db, guardian.userId);
      if (!adult) throw new HttpError(401, "Unauthorized");
      const release = await reserveLookup(req.ip);
      const { familyId } = await acceptInvitation(app, { userId: adult.id, email: adult.email }, req.params.token);
      await release();
      return familyOf(familyId);
    },
  );
}
