import { UserX } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";

/** What an unknown, malformed or someone else's child id shows (the API answers 404 for all three). */
export function ChildNotFound({ title }: { title: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <UserX className="mx-auto h-12 w-12 text-slate-500" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">This profile does not exist, was deleted, or belongs to another family.</p>
        <Link href="/" className={buttonVariants({ className: "mt-6" })}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mx-auto max-w-md rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900"
    >
      <p className="font-semibold">We could not load this profile.</p>
      <button type="button" onClick={onRetry} className={buttonVariants({ variant: "outline", className: "mt-4" })}>
        Try again
      </button>
    </div>
  );
}
