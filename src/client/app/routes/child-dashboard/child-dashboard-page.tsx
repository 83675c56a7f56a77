import { useLocation, useParams } from "wouter";
import { AppShell, PageContainer } from "@/components/layouts/app-shell";
import { Spinner } from "@/components/ui/spinner";
import { useUnauthorizedRedirect } from "@/features/auth/components/require-sign-in";
import { useChildCarts } from "@/features/carts/api/get-child-carts";
import { CartPurchaseActions } from "@/features/carts/components/cart-purchase-actions";
import { useCategories } from "@/features/categories/api/get-categories";
import { useChild } from "@/features/children/api/get-child";
import { ChildDashboard } from "@/features/children/components/child-dashboard/child-dashboard";
import { ChildNotFound, LoadFailed } from "@/features/children/components/child-not-found";
import { useChores } from "@/features/chores/api/get-chores";
import { ChoreAction } from "@/features/chores/components/chore-status";
import { GoalsCard } from "@/features/goals/components/goals-card";
import { SaveForItButton } from "@/features/goals/components/save-for-it-button";
import { useViewer } from "@/features/kid/api/get-kid-me";
import { KidSignOutButton } from "@/features/kid/components/kid-sign-out-button";
import { ChildLessons } from "@/features/lessons/components/child-lessons";
import { LessonResults } from "@/features/lessons/components/lesson-results";
import { CartOutcome } from "@/features/purchase-requests/components/cart-outcome";
import { RequestPurchaseForm } from "@/features/purchase-requests/components/request-purchase-form";
import { ApiRequestError } from "@/lib/api";
import { useLiveEvents } from "@/lib/live-events";

/** spec 000 §2 "Child dashboard at /child/{childId}": the owning parent or the child's own session. */
export default function ChildDashboardPage() {
  const { childId = "" } = useParams<{ childId: string }>();
  // A signed-out visitor's 401 starts the sign-in flow; a child session reads without a parent account.
  useUnauthorizedRedirect();
  const child = useChild(childId);
  const carts = useChildCarts(childId);
  const chores = useChores(childId);
  // The child's own session gets the child's controls; a parent only sees and confirms.
  const viewer = useViewer(childId);
  const isChild = viewer === "child";
  const [, navigate] = useLocation();
  useLiveEvents(viewer === "parent" || viewer === "child" ? viewer : null);
  return (
    // Until the viewer is known the header stays minimal, so a child never glimpses the visitor's sign-up offers.
    <AppShell minimalHeader={viewer !== "parent"}>
      <PageContainer>
        {child.isLoading ? (
          <Spinner className="min-h-[50vh]" />
        ) : child.data ? (
          <ChildDashboard
            child={child.data}
            carts={carts.data}
            cartsLoading={carts.isLoading}
            chores={chores.data}
            choresLoading={chores.isLoading}
            headerActions={isChild && <KidSignOutButton />}
            // The full history is a guardian's screen (docs/decisions/161).
            historyHref={viewer === "parent" ? `/child/${childId}/history` : undefined}
            requestPurchase={isChild && child.data.isActive && <ChildRequestPurchase childId={childId} />}
            renderCartDetails={(cart) => (
              <>
                <CartOutcome
                  cart={cart}
                  forChild={isChild}
                  suggestionRequested={carts.data?.some((c) => c.fromCartId === cart.id)}
                />
                {(viewer === "child" || viewer === "parent") && <CartPurchaseActions cart={cart} />}
                {isChild && <SaveForItButton cart={cart} />}
              </>
            )}
            goals={(viewer === "child" || viewer === "parent") && <GoalsCard child={child.data} viewer={viewer} />}
            renderChoreAction={(chore) =>
              (viewer === "child" || viewer === "parent") && <ChoreAction chore={chore} viewer={viewer} />
            }
            // The child reads and answers lessons; a guardian sees which were passed (docs/decisions/154).
            lessons={
              isChild ? (
                <ChildLessons childId={childId} onOpen={(id) => navigate(`/child/${childId}/lessons/${id}`)} />
              ) : (
                viewer === "parent" && <LessonResults childId={childId} childName={child.data.name} />
              )
            }
          />
        ) : child.error instanceof ApiRequestError && (child.error.status === 404 || child.error.status === 403) ? (
          // 403: a child session on a sibling's page (docs/product-contract.md "Ownership and roles"), which is nowhere this child may go.
          <ChildNotFound title="Child profile not found" />
        ) : child.error instanceof ApiRequestError && child.error.status === 401 ? (
          <Spinner className="min-h-[50vh]" />
        ) : (
          <LoadFailed onRetry={() => child.refetch()} />
        )}
      </PageContainer>
    </AppShell>
  );
}

/** The child's request form, with the categories an item can be filed under (none while they load or fail). */
function ChildRequestPurchase({ childId }: { childId: string }) {
  const { data: categories = [] } = useCategories(childId);
  return <RequestPurchaseForm childId={childId} categories={categories} />;
}
