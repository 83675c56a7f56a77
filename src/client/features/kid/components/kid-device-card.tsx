import type { Child } from "@shared/schemas/children";
import { ShieldCheck, Smartphone } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ChildDeviceList } from "./child-device-list";
import { CreateSigninCode } from "./create-signin-code";

/**
 * docs/decisions/160: a child under 13 signs in only once the parent's consent is verified, so until then the
 * card leads to the consent instead of offering a code the server would refuse.
 */
function ConsentFirst({
  childId,
  childName,
  consentStatus,
}: {
  childId: string;
  childName: string;
  consentStatus: "required" | "pending";
}) {
  if (consentStatus === "pending") {
    return (
      <p className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
        Consent in review: we check it typically within 24-48 hours. {childName} can sign in once it is verified.
      </p>
    );
  }
  return (
    <div className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <p>Consent needed: {childName} can sign in once you give parental consent.</p>
      <Link
        href={`/coppa-consent?child=${encodeURIComponent(childId)}`}
        className={`${buttonVariants({ size: "sm" })} justify-self-start`}
      >
        <ShieldCheck aria-hidden /> Give consent
        <span className="sr-only"> for {childName}</span>
      </Link>
    </div>
  );
}

/** Child settings: how a child gets signed in on their own device. */
export function KidDeviceCard({
  childId,
  childName,
  consentStatus,
}: {
  childId: string;
  childName: string;
  consentStatus: Child["consentStatus"];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Smartphone className="h-5 w-5 text-brand-700" aria-hidden />
          {childName}'s devices
        </CardTitle>
        <CardDescription>
          Create a one-time code and enter it at /kid on {childName}'s phone, tablet or computer. {childName} can then
          request purchases and mark chores done, but can't change settings or approve anything.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {consentStatus === "required" || consentStatus === "pending" ? (
          <ConsentFirst childId={childId} childName={childName} consentStatus={consentStatus} />
        ) : (
          <CreateSigninCode childId={childId} childName={childName} />
        )}
        <ChildDeviceList childId={childId} childName={childName} />
      </CardContent>
    </Card>
  );
}
