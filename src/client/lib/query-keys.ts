/**
 * Every cached server resource has one key, defined here and nowhere else: the hook that reads it and every
 * mutation that changes it import the same key, so an invalidation can never miss a read that spells its key
 * differently. A key is the resource's path split at "/" boundaries, so invalidating a child's key also reaches
 * that child's carts, chores, categories and badges. One key means one thing: one fetcher, one error handling.
 */
export const queryKeys = {
  /** GET /api/auth/user: the signed-in parent, or null when signed out. */
  user: ["/api/auth/user"],
  /** GET /api/kid/me: the child's own session, or null when there is none. */
  kidMe: ["/api/kid/me"],
  /** GET /api/usage: the signed-in parent's plan usage. */
  usage: ["/api/usage"],
  /** GET /api/carts/pending: the parent's pending carts. */
  pendingCarts: ["/api/carts/pending"],
  /** GET /api/children: the parent's children. */
  children: ["/api/children"],
  /** GET /api/children/:id, and the prefix of everything that belongs to that child. */
  child: (childId: string) => ["/api/children", childId],
  childCarts: (childId: string) => ["/api/children", childId, "carts"],
  childChores: (childId: string) => ["/api/children", childId, "chores"],
  childCategories: (childId: string) => ["/api/children", childId, "categories"],
  childAchievements: (childId: string) => ["/api/children", childId, "achievements"],
  /** GET /api/family: the signed-in adult's family, its guardians and open invitations. */
  family: ["/api/family"],
  /** GET /api/family/invitations/:token: what an invitation link offers; under the family's key, so joining reloads it. */
  familyInvitation: (token: string) => ["/api/family", "invitations", token],
  /** GET /api/push/key: the server's VAPID public key, for turning on notifications on this device. */
  pushKey: ["/api/push/key"],
  /** GET /api/account/notifications: what the signed-in adult is told, by e-mail and push. */
  notificationPreferences: ["/api/account/notifications"],
  /** GET /api/decide/:token: what a one-tap decision link would decide, and whether it still can. */
  decisionLink: (token: string) => ["/api/decide", token],
  /** GET /api/unsubscribe/:token: what an e-mail's unsubscribe link turns off. */
  unsubscribeLink: (token: string) => ["/api/unsubscribe", token],
  /** GET /api/checkout/:id: what a store's hosted checkout page shows. */
  checkoutSession: (id: string) => ["/api/checkout", id],
  /** GET /api/support/tickets: the parent's own support tickets. */
  myTickets: ["/api/support/tickets"],
  /** The staff area: every admin read starts with this, so one invalidation reloads the whole dashboard. */
  admin: {
    all: ["admin"],
    me: ["admin", "me"],
    analyticsOverview: ["admin", "analytics-overview"],
    automations: ["admin", "automations"],
    executions: ["admin", "executions"],
    tickets: ["admin", "tickets"],
    users: (q: string) => ["admin", "users", q],
    consents: (limit: number) => ["admin", "consents", limit],
    demoRequests: (limit: number) => ["admin", "demo-requests", limit],
    newsletter: (limit: number) => ["admin", "newsletter", limit],
  },
} as const;
