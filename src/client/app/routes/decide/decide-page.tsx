import { useParams } from "wouter";
import { AppShell } from "@/components/layouts/app-shell";
import { DecideByLink } from "@/features/decisions/components/decide-by-link";

/** /decide/:token: the page an e-mail's or a push alert's Approve and Decline links open (public). */
export default function DecidePage() {
  const { token = "" } = useParams<{ token: string }>();
  return (
    <AppShell minimalHeader>
      <div className="mx-auto w-full max-w-lg px-4 py-8 sm:py-12">
        <DecideByLink token={token} />
      </div>
    </AppShell>
  );
}
