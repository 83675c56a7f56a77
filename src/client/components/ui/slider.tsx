import { Slider as SliderPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * A single-value slider. The thumb carries the accessible name (`label`) and, when numbers alone
 * would read poorly ("$250"), a spoken value (`valueText`). Arrow keys move one step, Page keys ten.
 */
export function Slider({
  className,
  label,
  labelledBy,
  valueText,
  ...props
}: Omit<ComponentProps<typeof SliderPrimitive.Root>, "aria-label"> & {
  label?: string;
  labelledBy?: string;
  valueText?: string;
}) {
  return (
    <SliderPrimitive.Root
      className={cn("relative flex h-6 w-full touch-none select-none items-center", className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-slate-200">
        <SliderPrimitive.Range className="absolute h-full rounded-full bg-brand-600" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-valuetext={valueText}
        className="block h-6 w-6 cursor-grab rounded-full border-2 border-brand-700 bg-white shadow focus-visible:ring-4 focus-visible:ring-brand-600/30 active:cursor-grabbing"
      />
    </SliderPrimitive.Root>
  );
}
