import { Compass } from "lucide-react";
import { Link } from "wouter";
import { AppShell } from "@/components/layouts/app-shell";
import { buttonVariants } from "@/components/ui/button";

export default function NotFoundPage() {
  return (
    <AppShell>
      <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <Compass className="mx-auto h-12 w-12 text-brand-700" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
          <Link href="/" className={buttonVariants({ className: "mt-6" })}>
            Back to Home
          </Link>
        </div>
      </div>
    </AppShell>
  );
}
