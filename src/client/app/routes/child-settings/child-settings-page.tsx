import { useParams } from "wouter";
import { AppShell, PageContainer } from "@/components/layouts/app-shell";
import { Spinner } from "@/components/ui/spinner";
import { RequireParent } from "@/features/auth/components/require-sign-in";
import { CategoriesManager } from "@/features/categories/components/categories-manager";
import { useChild } from "@/features/children/api/get-child";
import { ChildNotFound, LoadFailed } from "@/features/children/components/child-not-found";
import { ChildSettings } from "@/features/children/components/child-settings/child-settings";
import { ChoresManager } from "@/features/chores/components/chores-manager";
import { ChildConsentSection } from "@/features/consent/components/child-consent-section";
import { KidDeviceCard } from "@/features/kid/components/kid-device-card";
import { ApiRequestError } from "@/lib/api";

function ChildSettingsScreen({ childId }: { childId: string }) {
  const child = useChild(childId);
  if (child.isLoading) return <Spinner className="min-h-[50vh]" />;
  if (child.data) {
    const { id, name, consentStatus } = child.data;
    return (
      <ChildSettings
        child={child.data}
        extras={
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <div className="flex flex-col gap-6">
              <ChoresManager childId={id} childName={name} />
              <ChildConsentSection childId={id} childName={name} consentStatus={consentStatus} />
            </div>
            <div className="flex flex-col gap-6">
              <CategoriesManager childId={id} childName={name} />
              <KidDeviceCard childId={id} childName={name} consentStatus={consentStatus} />
            </div>
          </div>
        }
      />
    );
  }
  if (child.error instanceof ApiRequestError && child.error.status === 404)
    return <ChildNotFound title="Child Not Found" />;
  if (child.error instanceof ApiRequestError && child.error.status === 401) return <Spinner className="min-h-[50vh]" />;
  return <LoadFailed onRetry={() => child.refetch()} />;
}

/** spec 000 §2: the owning parent only; anyone else is sent to sign in. */
export default function ChildSettingsPage() {
  const { childId = "" } = useParams<{ childId: string }>();
  return (
    <AppShell>
      <PageContainer>
        <RequireParent>
          <ChildSettingsScreen childId={childId} />
        </RequireParent>
      </PageContainer>
    </AppShell>
  );
}
