import { and, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { carts, children, decisionTokens, familyGuardians, users } from "../../db/schema";

export async function insertDecisionTokens(db: Executor, rows: (typeof decisionTokens.$inferInsert)[]) {
  if (rows.length) await db.insert(decisionTokens).values(rows);
}

/** Tokens made for an e-mail that never went out: nobody holds them, so they go. */
export async function deleteDecisionTokens(db: Executor, hashes: string[]) {
  if (hashes.length) await db.delete(decisionTokens).where(inArray(decisionTokens.tokenHash, hashes));
}

const decider = alias(users, "decider");
const holder = alias(users, "holder");

/**
 * Everything a one-tap link needs, read in one query: the token, its cart and child, the token's guardian
 * as a member of the child's family now (null once they left it), and who decided the cart.
 */
export async function findDecisionLink(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      token: decisionTokens,
      cart: carts,
      child: children,
      guardian: familyGuardians,
      guardianFirstName: holder.firstName,
      deciderFirstName: decider.firstName,
    })
    .from(decisionTokens)
    .innerJoin(carts, eq(carts.id, decisionTokens.cartId))
    .innerJoin(children, eq(children.id, carts.childId))
    .leftJoin(
      familyGuardians,
      and(eq(familyGuardians.userId, decisionTokens.userId), eq(familyGuardians.familyId, children.parentId)),
    )
    .leftJoin(holder, eq(holder.id, familyGuardians.userId))
    .leftJoin(decider, eq(decider.id, carts.decidedBy))
    .where(eq(decisionTokens.tokenHash, tokenHash));
  return row ?? null;
}

export type FoundDecisionLink = NonNullable<Awaited<ReturnType<typeof findDecisionLink>>>;

/** Marks the token used, once: only the first of two concurrent calls changes the row. */
export async function markDecisionTokenUsed(db: Executor, tokenHash: string, now: Date) {
  const rows = await db
    .update(decisionTokens)
    .set({ usedAt: now })
    .where(and(eq(decisionTokens.tokenHash, tokenHash), isNull(decisionTokens.usedAt)))
    .returning({ tokenHash: decisionTokens.tokenHash });
  return rows.length > 0;
}
