import { cn } from "@/lib/cn";

/** A centred loading indicator announced to screen readers. */
export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <div className={cn("flex items-center justify-center py-10", className)} role="status" aria-label={label}>
      <div className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
    </div>
  );
}
