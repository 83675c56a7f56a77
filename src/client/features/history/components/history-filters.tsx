import { CART_STATUSES, type CartStatus } from "@shared/schemas/carts";
import { Download } from "lucide-react";
import { useId } from "react";
import { buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/cn";
import type { HistoryFilters as Filters } from "../lib/history-query";

export const STATUS_WORDS: Record<CartStatus, string> = {
  pending: "Waiting",
  approved: "Approved",
  declined: "Declined",
  completed: "Bought",
};

/** Month, status and category, and the CSV of exactly what they pick. */
export function HistoryFilters({
  filters,
  onChange,
  categories,
  childOptions,
  csvUrl,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** Categories to suggest; any other may be typed. */
  categories: string[];
  /** On the family's history: the children it can be narrowed to. */
  childOptions?: { id: string; name: string }[];
  csvUrl: string;
}) {
  const id = useId();
  return (
    <form
      aria-label="Filter the history"
      className={cn(
        "grid grid-cols-1 gap-3 sm:grid-cols-2 lg:items-end",
        childOptions ? "lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]" : "lg:grid-cols-[repeat(3,minmax(0,1fr))_auto]",
      )}
      onSubmit={(e) => e.preventDefault()}
    >
      {childOptions && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-child`}>Child</Label>
          <NativeSelect
            id={`${id}-child`}
            value={filters.childId}
            onChange={(e) => onChange({ ...filters, childId: e.target.value })}
          >
            <option value="">All children</option>
            {childOptions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-month`}>Month</Label>
        <Input
          id={`${id}-month`}
          type="month"
          value={filters.month}
          onChange={(e) => onChange({ ...filters, month: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <NativeSelect
          id={`${id}-status`}
          value={filters.status}
          onChange={(e) => onChange({ ...filters, status: e.target.value as Filters["status"] })}
        >
          <option value="">All statuses</option>
          {CART_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_WORDS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-category`}>Category</Label>
        <Input
          id={`${id}-category`}
          list={`${id}-categories`}
          placeholder="All categories"
          maxLength={50}
          value={filters.category}
          onChange={(e) => onChange({ ...filters, category: e.target.value })}
        />
        <datalist id={`${id}-categories`}>
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </div>
      <a
        href={csvUrl}
        download
        className={cn(
          buttonVariants({ variant: "outline" }),
          childOptions ? "lg:col-span-1" : "sm:col-span-2 lg:col-span-1",
        )}
      >
        <Download aria-hidden /> Download CSV
      </a>
    </form>
  );
}
