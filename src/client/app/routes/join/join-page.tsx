import { useLocation, useParams } from "wouter";
import { AppShell, PageContainer } from "@/components/layouts/app-shell";
import { loginUrl } from "@/features/auth/unauthorized";
import { JoinFamily } from "@/features/family/components/join-family";
import { toast } from "@/hooks/use-toast";
import { useAuth } from "@/lib/auth";

/** /join/:token, public: the link in a guardian invitation e-mail (docs/product-contract.md "The family and its guardians"). */
export default function JoinPage() {
  const { token = "" } = useParams<{ token: string }>();
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  return (
    <AppShell>
      <PageContainer>
        <JoinFamily
          token={token}
          user={user}
          userLoading={isLoading}
          signInUrl={(mode) => loginUrl(mode, `/join/${encodeURIComponent(token)}`)}
          onJoined={() => {
            toast({
              title: "Welcome to the family",
              description: "You can now see the children and decide on requests.",
            });
            navigate("/");
          }}
        />
      </PageContainer>
    </AppShell>
  );
}
