import { PiggyBank } from "lucide-react";
import { Link, useSearch } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useKidMe } from "@/features/kid/api/get-kid-me";
import { KidSigninForm, safeReturnTo } from "@/features/kid/components/kid-signin-form";

/** /kid: where a child signs in with the one-time code from a parent (docs/product-contract.md "Ownership and roles"). */
export default function KidSignInPage() {
  const { data: session } = useKidMe();
  const returnTo = safeReturnTo(new URLSearchParams(useSearch()).get("returnTo"));
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 text-center">
          <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-lg">
            <PiggyBank className="h-9 w-9" aria-hidden />
          </div>
          <h1 className="mt-4 text-3xl font-bold text-slate-900">Hi there!</h1>
          <p className="mt-2 text-lg text-slate-700">Enter the code your parent gave you to open your Pocketwise.</p>
        </div>
        {session && (
          <div className="mb-4 flex flex-col items-center gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-center">
            <p className="font-medium text-emerald-950">You're already signed in as {session.child.name}.</p>
            {returnTo ? (
              <Link href={returnTo} className={buttonVariants({ variant: "success" })}>
                Continue
              </Link>
            ) : (
              <Link href={`/child/${session.child.id}`} className={buttonVariants({ variant: "success" })}>
                Go to my dashboard
              </Link>
            )}
          </div>
        )}
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <KidSigninForm returnTo={returnTo} />
          </CardContent>
        </Card>
        <p className="mt-6 text-center text-sm text-slate-600">
          Are you a parent?{" "}
          {/* docs/product-contract.md "Accounts and sessions (parents)": parents sign in through /api/login (which may hand over to the identity provider). */}
          <a href="/api/login?mode=login" className="font-semibold text-brand-700 underline">
            Sign in here
          </a>
        </p>
      </div>
    </main>
  );
}
