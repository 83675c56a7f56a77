import { Spinner } from "@/components/ui/spinner";
import { RequireParent } from "@/features/auth/components/require-sign-in";
import { useBilling } from "@/features/billing/api/get-billing";
import { useChild } from "@/features/children/api/get-child";
import { ChildNotFound, LoadFailed } from "@/features/children/components/child-not-found";
import { ChildConsentFlow } from "@/features/consent/components/child-consent-flow";
import { ApiRequestError } from "@/lib/api";
import { useAuth } from "@/lib/auth";

/** Said beside the card check when this server takes no payments (GET /api/billing `configured: false`). */
const CARD_CHECK_UNAVAILABLE = "Not available here: this Pocketwise takes no card payments.";

function ChildConsentForm({ childId, checked }: { childId: string; checked: string | null }) {
  const { user } = useAuth();
  const child = useChild(childId);
  const billing = useBilling();
  if (child.isLoading || billing.isLoading) return <Spinner className="min-h-[40vh]" />;
  if (child.data) {
    const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(" ");
    return (
      <ChildConsentFlow
        child={child.data}
        parent={{ fullName, email: user?.email ?? "" }}
        cardUnavailable={billing.data?.configured === false ? CARD_CHECK_UNAVAILABLE : undefined}
        checkedConsentId={checked}
      />
    );
  }
  if (child.error instanceof ApiRequestError && child.error.status === 404) {
    return <ChildNotFound title="Child Not Found" />;
  }
  return <LoadFailed onRetry={() => child.refetch()} />;
}

/** Consent for one of the signed-in parent's children (docs/decisions/160). */
export default function ChildConsent({ childId, checked }: { childId: string; checked: string | null }) {
  return (
    <RequireParent>
      <ChildConsentForm childId={childId} checked={checked} />
    </RequireParent>
  );
}
