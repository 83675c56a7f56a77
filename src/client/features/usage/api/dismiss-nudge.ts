import { postUsage, useUsageAction } from "./usage-action";

/** POST /api/usage/dismiss-nudge: marks the nudge seen and counts the dismissal. */
export const dismissNudge = () => postUsage("/api/usage/dismiss-nudge");

export const useDismissNudge = () => useUsageAction(dismissNudge);
