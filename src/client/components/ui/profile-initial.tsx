import { cn } from "@/lib/cn";

function channel(hex: string, offset: number) {
  const v = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string) {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** White or near-black, whichever reads better on the colour (WCAG contrast). */
export function readableTextOn(hex: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return "#ffffff";
  const l = luminance(hex);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance("#0f172a") + 0.05);
  return onWhite >= onDark ? "#ffffff" : "#0f172a";
}

/** A child's initial on their profile colour. */
export function ProfileInitial({
  name,
  color,
  size = "md",
  className,
}: {
  name: string;
  color: string;
  size?: "sm" | "md" | "lg";
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full font-bold",
        size === "sm" && "h-8 w-8 text-sm",
        size === "md" && "h-11 w-11 text-lg",
        size === "lg" && "h-16 w-16 text-2xl",
        className,
      )}
      style={{ backgroundColor: color, color: readableTextOn(color) }}
    >
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
