import { AppShell, PageContainer } from "@/components/layouts/app-shell";
import { RequireParent } from "@/features/auth/components/require-sign-in";
import { HistoryScreen } from "@/features/history/components/history-screen";

/** docs/decisions/161: every child's history, charts and insights at /family/history, for the family's guardians. */
export default function FamilyHistoryPage() {
  return (
    <AppShell>
      <PageContainer>
        <RequireParent>
          <HistoryScreen
            scope={{ kind: "family" }}
            title="Family spending history"
            backHref="/"
            backLabel="Family Dashboard"
          />
        </RequireParent>
      </PageContainer>
    </AppShell>
  );
}
