import { Progress as ProgressPrimitive } from "radix-ui";
import { cn } from "@/lib/cn";

/** A bar filled to `value` percent (clamped 0-100) in the given colour class. */
export function Progress({
  value,
  barClassName,
  className,
  label,
}: {
  value: number;
  barClassName?: string;
  className?: string;
  label: string;
}) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <ProgressPrimitive.Root
      value={clamped}
      aria-label={label}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-slate-200", className)}
    >
      <ProgressPrimitive.Indicator
        className={cn("h-full rounded-full bg-brand-600 transition-[width]", barClassName)}
        style={{ width: `${clamped}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
