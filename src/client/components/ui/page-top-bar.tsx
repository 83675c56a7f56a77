import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { cn } from "@/lib/cn";
import { BrandMark } from "./brand-mark";

/** The slim bar of a standalone public page: the brand and a way back to the home page. */
export function PageTopBar({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <header className={cn("border-b border-slate-200 bg-white", className)}>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          href="/"
          className="flex items-center gap-2 rounded-md font-bold text-slate-900"
          aria-label="Pocketwise home"
        >
          <BrandMark />
          <span className="text-lg">Pocketwise</span>
        </Link>
        <div className="flex items-center gap-3">
          {children}
          <Link
            href="/"
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back to Home
          </Link>
        </div>
      </div>
    </header>
  );
}
