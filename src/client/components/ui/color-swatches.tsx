import { PROFILE_COLORS } from "@shared/schemas/common";
import { Check } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { cn } from "@/lib/cn";
import { readableTextOn } from "./profile-initial";

export const PROFILE_COLOR_NAMES: Record<(typeof PROFILE_COLORS)[number], string> = {
  "#8B5CF6": "Purple",
  "#10B981": "Green",
  "#F59E0B": "Amber",
  "#EF4444": "Red",
  "#3B82F6": "Blue",
  "#EC4899": "Pink",
};

/** The six profile colours (spec 000 §9) as a radio group: arrow keys move, the choice is announced. */
export function ColorSwatches({
  value,
  onChange,
  labelledBy,
  id,
}: {
  value: string;
  onChange: (color: string) => void;
  labelledBy: string;
  id?: string;
}) {
  return (
    <RadioGroup.Root
      id={id}
      value={value.toUpperCase()}
      onValueChange={onChange}
      aria-labelledby={labelledBy}
      orientation="horizontal"
      loop
      className="flex flex-wrap gap-3"
    >
      {PROFILE_COLORS.map((color) => (
        <RadioGroup.Item
          key={color}
          value={color}
          aria-label={PROFILE_COLOR_NAMES[color]}
          className={cn(
            "flex h-10 w-10 items-center justify-center rounded-full ring-offset-2 transition-transform hover:scale-105 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
            "data-[state=checked]:ring-2 data-[state=checked]:ring-slate-900",
          )}
          style={{ backgroundColor: color }}
        >
          <RadioGroup.Indicator>
            <Check className="h-5 w-5" style={{ color: readableTextOn(color) }} aria-hidden />
          </RadioGroup.Indicator>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
