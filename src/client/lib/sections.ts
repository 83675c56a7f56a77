/** Places inside pages that other screens link to; one name each, so a link and its target never drift apart. */
export const PLANS_SECTION = { id: "plans", href: "/parent#plans" } as const;
export const HELP_SECTION = { id: "help", href: "/parent#help" } as const;
/** spec 001 §9: Family Plus is sold by the team, through the demo-request form with the parent's role chosen. */
export const CONTACT_SALES_HREF = "/schedule-demo?role=parent";
