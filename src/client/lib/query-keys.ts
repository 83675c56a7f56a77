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
  /** GET /api/billing: the family's plan as its subscription stands, and whether this server takes payments. */
  billing: ["/api/billing"],
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
  /** GET /api/children/:id/lessons: every lesson with the child's status; carts and chores change it too. */
  childLessons: (childId: string) => ["/api/children", childId, "lessons"],
  /** GET /api/children/:id/goals: the child's savings goals (docs/decisions/153). */
  childGoals: (childId: string) => ["/api/children", childId, "goals"],
  /** GET /api/children/:id/devices: where the child stays signed in (docs/decisions/147). */
  childDevices: (childId: string) => ["/api/children", childId, "devices"],
  /** GET /api/children/:id/history with its filters, and /spending (docs/decisions/161). */
  childHistory: (childId: string, filters: string) => ["/api/children", childId, "history", filters],
  childSpending: (childId: string) => ["/api/children", childId, "spending"],
  /** GET /api/referrals: the signed-in adult's referral link, families joined and rewards (docs/decisions/151). */
  referrals: ["/api/referrals"],
  /** GET /api/family: the signed-in adult's family, its guardians and open invitations. */
  family: ["/api/family"],
  /** GET /api/family/history with its filters, and /spending: every child's carts and figures (docs/decisions/161). */
  familyHistory: (filters: string) => ["/api/family", "history", filters],
  familySpending: ["/api/family", "spending"],
  /** GET /api/family/invitations/:token: what an invitation link offers; under the family's key, so joining reloads it. */
  familyInvitation: (token: string) => ["/api/family", "invitations", token],
  /** GET /api/push/key: the server's VAPID public key, for turning on notifications on this device. */
  pushKey: ["/api/push/key"],
  /** GET /api/account: the signed-in adult's own name, e-mail and any change of e-mail waiting (docs/decisions/156). */
  account: ["/api/account"],
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
