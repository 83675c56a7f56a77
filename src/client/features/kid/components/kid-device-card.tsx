import { Smartphone } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CreateSigninCode } from "./create-signin-code";

/** Child settings: how a child gets signed in on their own device. */
export function KidDeviceCard({ childId, childName }: { childId: string; childName: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Smartphone className="h-5 w-5 text-brand-700" aria-hidden />
          {childName}'s device
        </CardTitle>
        <CardDescription>
          Create a one-time code and enter it at /kid on {childName}'s phone, tablet or computer. {childName} can then
          request purchases and mark chores done, but can't change settings or approve anything.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <CreateSigninCode childId={childId} childName={childName} />
      </CardContent>
    </Card>
  );
}
