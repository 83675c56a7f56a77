import { useParams } from "wouter";
import { AppShell, PageContainer } from "@/components/layouts/app-shell";
import { Spinner } from "@/components/ui/spinner";
import { RequireParent } from "@/features/auth/components/require-sign-in";
import { useChild } from "@/features/children/api/get-child";
import { ChildNotFound, LoadFailed } from "@/features/children/components/child-not-found";
import { HistoryScreen } from "@/features/history/components/history-screen";
import { ApiRequestError } from "@/lib/api";

function ChildHistory({ childId }: { childId: string }) {
  const child = useChild(childId);
  if (child.isLoading) return <Spinner className="min-h-[50vh]" />;
  if (child.data) {
    return (
      <HistoryScreen
        scope={{ kind: "child", childId: child.data.id }}
        title={`${child.data.name}'s spending history`}
        backHref={`/child/${child.data.id}`}
        backLabel={`${child.data.name}'s dashboard`}
      />
    );
  }
  if (child.error instanceof ApiRequestError && child.error.status === 404)
    return <ChildNotFound title="Child Not Found" />;
  if (child.error instanceof ApiRequestError && child.error.status === 401) return <Spinner className="min-h-[50vh]" />;
  return <LoadFailed onRetry={() => child.refetch()} />;
}

/** docs/decisions/161: a child's history, charts and insights at /child/{id}/history, for the family's guardians. */
export default function ChildHistoryPage() {
  const { childId = "" } = useParams<{ childId: string }>();
  return (
    <AppShell>
      <PageContainer>
        <RequireParent>
          <ChildHistory childId={childId} />
        </RequireParent>
      </PageContainer>
    </AppShell>
  );
}
