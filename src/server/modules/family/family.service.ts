import type { FastifyInstance } from "fastify";
import { formatCents, parseCents } from "../../../shared/rules/money";
import type { GuardianInvite, Invitation } from "../../../shared/schemas/family";
import type { Tx } from "../../db/client";
import type { FamilyInvitationRow } from "../../db/schema";
import { conflict, forbidden, HttpError, notFound } from "../../lib/http-errors";
import { randomToken, sha256 } from "../../lib/tokens";
import type { Guardian } from "../../plugins/auth";
import { parentName, startOwnFamily } from "../auth/users.repository";
import {
  endAdultSessions,
  familyHolds,
  findGuardianByEmail,
  findInvitation,
  joinFamily,
  lockGuardian,
  markInvitationAccepted,
  replaceInvitation,
} from "./family.repository";

/** docs/product-contract.md "The family and its guardians": an invitation link works for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITATION_NOT_FOUND = "This invitation link is not valid";
export const GUARDIAN_NOT_FOUND = "Guardian not found";

const limitCents = (value: string | null | undefined) => (value ? parseCents(value) : null);

/**
 * Stores the invitation and queues its e-mail in the same transaction: the link's token exists only in
 * that e-mail, so the invitation and its e-mail exist together or not at all.
 */
export async function createInvitation(
  app: FastifyInstance,
  owner: Guardian,
  input: GuardianInvite,
  queueMail: (tx: Tx, mail: { token: string; invitation: FamilyInvitationRow }) => Promise<void>,
) {
  const email = input.email.toLowerCase();
  return app.database.db.transaction(async (tx) => {
    if (await findGuardianByEmail(tx, owner.familyId, email)) {
      throw conflict(`${email} is already a guardian of this family`);
    }
    const token = randomToken();
    const now = app.now();
    const invitation = await replaceInvitation(
      tx,
      {
        tokenHash: sha256(token),
        familyId: owner.familyId,
        email,
        approvalLimit: limitCents(input.approvalLimit),
        invitedBy: owner.userId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      },
      now,
    );
    await queueMail(tx, { token, invitation });
    return invitation;
  });
}

export type InvitationState = Invitation["status"] | "revoked";

export function invitationState(
  row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InvitationState {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "open";
}

export function toInvitation(
  found: NonNullable<Awaited<ReturnType<typeof findInvitation>>>,
  now: Date,
): Invitation | null {
  const state = invitationState(found.invitation, now);
  if (state === "revoked") return null;
  return {
    invitedBy: parentName(found.owner),
    email: found.invitation.email,
    approvalLimit: found.invitation.approvalLimit === null ? null : formatCents(found.invitation.approvalLimit),
    expiresAt: found.invitation.expiresAt.toISOString(),
    status: state,
  };
}

/**
 * The signed-in adult joins the family the invitation names (docs/decisions/130): the link is bound to
 * the address it was sent to, works once, and an adult leaves a family of their own only while it holds
 * no children and no other guardians, so joining never strands a child.
 */
export async function acceptInvitation(app: FastifyInstance, adult: { userId: string; email: string }, token: string) {
  return app.database.db.transaction(async (tx) => {
    const found = await findInvitation(tx, sha256(token), true);
    const now = app.now();
    if (!found || invitationState(found.invitation, now) === "revoked") throw notFound(INVITATION_NOT_FOUND);
    const { invitation } = found;
    const state = invitationState(invitation, now);
    if (state === "accepted") {
      if (invitation.acceptedBy === adult.userId) return { familyId: invitation.familyId };
      throw new HttpError(410, "This invitation has already been used");
    }
    if (state === "expired") throw new HttpError(410, "This invitation has expired. Ask for a new one.");
    if (invitation.email !== adult.email.toLowerCase()) {
      throw forbidden(
        `This invitation was sent to ${invitation.email}. Sign in with that e-mail address to accept it.`,
      );
    }
    const current = await lockGuardian(tx, adult.userId);
    if (current?.familyId === invitation.familyId) {
      await markInvitationAccepted(tx, invitation.tokenHash, adult.userId, now);
      return { familyId: invitation.familyId };
    }
    if (current && current.role !== "owner") {
      throw conflict("You are already a guardian of another family. Leave it before joining this one.");
    }
    if (current) {
      const holds = await familyHolds(tx, current.familyId, adult.userId);
      if (holds.children > 0 || holds.otherGuardians > 0) {
        throw conflict(
          "Your account already has its own family with children or guardians. Use another account to join this family.",
        );
      }
    }
    await joinFamily(tx, adult.userId, invitation.familyId, invitation.approvalLimit, current?.familyId ?? null);
    await markInvitationAccepted(tx, invitation.tokenHash, adult.userId, now);
    return { familyId: invitation.familyId };
  });
}

/** The owner removes a guardian: they get a family of their own again and every session of theirs ends. */
export async function removeGuardian(app: FastifyInstance, owner: Guardian, userId: string) {
  await app.database.db.transaction(async (tx) => {
    const guardian = await lockGuardian(tx, userId);
    if (!guardian || guardian.familyId !== owner.familyId) throw notFound(GUARDIAN_NOT_FOUND);
    if (guardian.role === "owner") throw conflict("The family's owner cannot be removed");
    await startOwnFamily(tx, userId);
    await endAdultSessions(tx, userId);
  });
}
