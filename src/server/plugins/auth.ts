import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../lib/http-errors";

/** The signed-in parent's id, or 401 (a child session is not a parent: 403). */
export function requireParent(req: FastifyRequest): string {
  const s = req.session;
  if (s?.kind === "parent") return s.userId;
  if (s?.kind === "child") throw forbidden("Ask a parent to do this");
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

/** A child session only ever reaches its own child; any other id looks missing. */
export function actorMaySee(actor: Actor, childId: string): boolean {
  return actor.kind === "parent" || actor.childId === childId;
}
