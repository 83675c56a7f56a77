/** Places inside pages that other screens link to; one name each, so a link and its target never drift apart. */
export const PLANS_SECTION = { id: "plans", href: "/parent#plans" } as const;
