import { cn } from "@/lib/cn";

/** The Pocketwise mark: one look in the site header and on the standalone pages. */
export function BrandMark({ glow = false, className }: { glow?: boolean; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        "flex h-9 w-9 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-brand-800 text-base font-extrabold text-white transition-shadow duration-700",
        glow ? "shadow-[0_0_16px_4px_rgba(139,92,246,0.55)]" : "shadow-none",
        className,
      )}
    >
      P
    </span>
  );
}
