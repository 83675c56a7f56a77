import type { ReactNode } from "react";
import { AppShell } from "@/components/layouts/app-shell";
import { Card } from "@/components/ui/card";

/** The frame of the password screens, drawn as the sign-in screen is: a centred heading over one card. */
export function AuthScreen({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
        <div className="mb-6 text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-2 text-slate-600">{intro}</p>
        </div>
        <Card className="p-5 sm:p-7">{children}</Card>
      </div>
    </AppShell>
  );
}
