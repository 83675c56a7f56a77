import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const tones = {
  white: "bg-white",
  muted: "bg-slate-50",
  brand: "bg-brand-50",
} as const;

/** A landing section: labelled by its heading, offset so the sticky header never covers an anchor target. */
export function Section({
  id,
  headingId,
  tone = "white",
  className,
  children,
}: {
  id?: string;
  headingId: string;
  tone?: keyof typeof tones;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={headingId} className={cn("scroll-mt-16 py-16 sm:py-20", tones[tone], className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = "center",
}: {
  id: string;
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  align?: "center" | "left";
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 text-balance sm:text-4xl">
        {title}
      </h2>
      {description && <p className="mt-4 text-lg text-slate-600 text-pretty">{description}</p>}
    </div>
  );
}
