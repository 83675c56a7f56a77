import { queryKeys } from "@/lib/query-keys";

/**
 * Under the child's key (docs/decisions/127), so invalidating the child after a consent changes also reloads
 * its records, its devices and the child itself, whose `consentStatus` follows them.
 */
export const childConsentKey = (childId: string) => [...queryKeys.child(childId), "consents"] as const;
