import { ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { PageTopBar } from "@/components/ui/page-top-bar";
import { AdminLoginForm, AdminSetupForm } from "@/features/admin/components/admin-auth-forms";

/** spec 001 §2.8 and §4: sign-in, or the first-admin setup, which returns to sign-in with the e-mail filled in. */
export default function AdminLoginPage() {
  const [, navigate] = useLocation();
  const [mode, setMode] = useState<"login" | "setup">("login");
  const [email, setEmail] = useState("");

  useEffect(() => {
    document.title = mode === "login" ? "Staff sign in · Pocketwise" : "First admin setup · Pocketwise";
  }, [mode]);

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-slate-50">
      <PageTopBar />
      <main className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
        <Card>
          <CardHeader className="items-center text-center">
            <span className="mb-2 flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
              <ShieldCheck className="h-6 w-6" aria-hidden />
            </span>
            <h1 className="text-2xl font-semibold text-slate-900">
              {mode === "login" ? "Staff sign in" : "Create the first admin"}
            </h1>
            <CardDescription>
              {mode === "login"
                ? "For the Pocketwise team: automations and family support."
                : "This works only once, while no admin account exists yet."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {mode === "login" ? (
              <AdminLoginForm
                key={email}
                defaultEmail={email}
                onSignedIn={() => navigate("/admin/dashboard")}
                onSwitchToSetup={() => setMode("setup")}
              />
            ) : (
              <AdminSetupForm
                onCreated={(created) => {
                  setEmail(created);
                  setMode("login");
                }}
                onSwitchToLogin={() => setMode("login")}
              />
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
