import { useParams } from "wouter";
import { AppShell } from "@/components/layouts/app-shell";
import { UnsubscribeConfirmation } from "@/features/notifications/components/unsubscribe-confirmation";

/** /unsubscribe/:token: the page an e-mail's unsubscribe link opens (public). */
export default function UnsubscribePage() {
  const { token = "" } = useParams<{ token: string }>();
  return (
    <AppShell minimalHeader>
      <div className="mx-auto w-full max-w-lg px-4 py-8 sm:py-12">
        <UnsubscribeConfirmation token={token} />
      </div>
    </AppShell>
  );
}
