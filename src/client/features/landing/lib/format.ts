const whole = new Intl.NumberFormat("en-US");

/** 184320 -> "184,320". */
export function formatCount(value: number): string {
  return whole.format(value);
}

/** 34000 cents -> "$340": for marketing figures that never carry cents. */
export function formatWholeDollars(cents: number): string {
  return `$${whole.format(Math.round(cents / 100))}`;
}

const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "2027-06-30" -> "Jun 30, 2027", read in UTC so every visitor sees the same day. */
export function formatDay(isoDate: string): string {
  return shortDate.format(new Date(`${isoDate}T00:00:00Z`));
}
