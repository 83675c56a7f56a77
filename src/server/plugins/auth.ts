import type { FastifyRequest } from "fastify";
import type { GuardianRole } from "../db/schema";
import { codedError, forbidden, unauthorized } from "../lib/http-errors";

/** What a child session is told on a parent's route. */
export const ASK_A_PARENT = "Ask a parent to do this";

/** What a guardian who is not the owner is told on the owner's routes (docs/decisions/130). */
export const OWNER_ONLY = "Only the family's owner can do this";

/**
 * docs/product-contract.md "The family and its guardians": the signed-in adult and the family they are
 * a guardian of, read with the session on every request, so removing a guardian ends their reach at once.
 * A family's id is its owner's account id (docs/decisions/130).
 */
export interface Guardian {
  userId: string;
  /** Shown to the family beside what they decided. */
  firstName: string | null;
  familyId: string;
  role: GuardianRole;
  /** Cents; an approval above it is refused. */
  approvalLimit: number | null;
}

/** The signed-in guardian, or 401 (a child session is not a guardian: 403). */
export function requireGuardian(req: FastifyRequest): Guardian {
  const s = req.session;
  if (s?.kind === "parent" && req.guardian) return req.guardian;
  if (s?.kind === "child") throw forbidden(ASK_A_PARENT);
  throw unauthorized();
}

/** The family the signed-in guardian acts for: the key every family-scoped query is made with. */
export const requireParent = (req: FastifyRequest): string => requireGuardian(req).familyId;

/** The signed-in adult's own account, for what is theirs rather than the family's (their tickets, their profile). */
export const requireAdult = (req: FastifyRequest): string => requireGuardian(req).userId;

/** The family's owner; 403 for any other guardian. */
export function requireOwner(req: FastifyRequest): Guardian {
  const guardian = requireGuardian(req);
  if (guardian.role !== "owner") throw codedError(403, "owner_only", OWNER_ONLY);
  return guardian;
}

/**
 * Who may act on a child's records: a guardian of the child's family, or (for reading and the child's
 * own actions) the child's own session. The family of the child is checked by the caller's query.
 */
export type Actor =
  | { kind: "parent"; guardian: Guardian }
  /** `deviceId`: a remembered browser's or the extension's, which the per-device limits count. */
  | { kind: "child"; childId: string; parentId: string; deviceId?: string };

export function requireActor(req: FastifyRequest): Actor {
  const s = req.session;
  if (s?.kind === "parent" && req.guardian) return { kind: "parent", guardian: req.guardian };
  if (s?.kind === "child") {
    return { kind: "child", childId: s.childId, parentId: s.parentId, ...(s.deviceId && { deviceId: s.deviceId }) };
  }
  throw unauthorized();
}

/** The family the actor belongs to. */
export const familyOf = (actor: Actor) => (actor.kind === "parent" ? actor.guardian.familyId : actor.parentId);

/** What a child session is told when it reaches past its own child (docs/decisions/090). */
const NOT_YOUR_CHILD = "You can only see your own things";

/**
 * docs/product-contract.md "Ownership and roles": a child session may see its own child's records and nothing else
 * (403). Callers check a child id before looking it up, so a child session gets 403 for every other id,
 * and a cart or chore once it is found in the family, so another family's still answers 404 to everyone.
 * A guardian's reach is the family lookup itself.
 */
export function assertActorMaySee(actor: Actor, childId: string): void {
  // Ids are compared as PostgreSQL compares uuids, where case does not matter.
  if (actor.kind === "child" && actor.childId.toLowerCase() !== childId.toLowerCase()) throw forbidden(NOT_YOUR_CHILD);
}
