import { postUsage, useUsageAction } from "./usage-action";

/** POST /api/usage/upgrade-click: records that the parent followed the nudge's upgrade. */
export const recordUpgradeClick = () => postUsage("/api/usage/upgrade-click");

export const useRecordUpgradeClick = () => useUsageAction(recordUpgradeClick);
