import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../lib/http-errors";

/** What a child session is told on a parent's route. */
export const ASK_A_PARENT = "Ask a parent to do this";

/** The signed-in parent's id, or 401 (a child session is not a parent: 403). */
export function requireParent(req: FastifyRequest): string {
  const s = req.session;
  if (s?.kind === "parent") return s.userId;
  if (s?.kind === "child") throw forbidden(ASK_A_PARENT);
  throw unauthorized();
}

/**
 * Who may act on a child's records: the owning parent, or (for reading and the child's own actions)
 * the child's own session. Ownership of the child is checked by the caller's query.
 */
export type Actor = { kind: "parent"; userId: string } | { kind: "child"; childId: string; parentId: string };

export function requireActor(req: FastifyRequest): Actor {
  const s = req.session;
  if (s?.kind === "parent") return { kind: "parent", userId: s.userId };
  if (s?.kind === "child") return { kind: "child", childId: s.childId, parentId: s.parentId };
  throw unauthorized();
}

/** The parent whose family the actor belongs to. */
export const familyOf = (actor: Actor) => (actor.kind === "parent" ? actor.userId : actor.parentId);

/** What a child session is told when it reaches past its own child (docs/decisions/090). */
const NOT_YOUR_CHILD = "You can only see your own things";

/**
 * docs/product-contract.md "Ownership and roles": a child session may see its own child's records and nothing else
 * (403). Callers check a child id before looking it up, so a child session gets 403 for every other id,
 * and a cart or chore once it is found in the family, so another family's still answers 404 to everyone.
 * A parent's reach is the family lookup itself.
 */
export function assertActorMaySee(actor: Actor, childId: string): void {
  // Ids are compared as PostgreSQL compares uuids, where case does not matter.
  if (actor.kind === "child" && actor.childId.toLowerCase() !== childId.toLowerCase()) throw forbidden(NOT_YOUR_CHILD);
}
