import type { ReactNode } from "react";
import { Link } from "wouter";
import { cn } from "@/lib/cn";
import { SiteHeader } from "./site-header";

/** The frame of the signed-in and utility screens: the site header, the page, a slim footer. */
export function AppShell({ children, minimalHeader = false }: { children: ReactNode; minimalHeader?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader minimal={minimalHeader} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {new Date().getFullYear()} Pocketwise</p>
          <nav aria-label="Legal" className="flex flex-wrap gap-x-4 gap-y-1">
            <Link href="/privacy" className="hover:text-slate-900 hover:underline">
              Privacy
            </Link>
            <Link href="/terms" className="hover:text-slate-900 hover:underline">
              Terms
            </Link>
            <Link href="/security" className="hover:text-slate-900 hover:underline">
              Security
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}

/** Page width and padding shared by the screens inside the shell. */
export function PageContainer({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8", className)}>{children}</div>;
}
