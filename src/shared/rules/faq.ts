// spec 001 §2.2: FAQ filters All, Safety, Pricing, Usage; general questions appear only under All.
export type FaqCategory = "general" | "safety" | "pricing" | "usage";
export type FaqFilter = "all" | Exclude<FaqCategory, "general">;

export const FAQ_FILTERS: readonly { id: FaqFilter; label: string }[] = [
  { id: "all", label: "All" },
  { id: "safety", label: "Safety" },
  { id: "pricing", label: "Pricing" },
  { id: "usage", label: "Usage" },
];

export interface FaqItem {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
}

export function filterFaq<T extends Pick<FaqItem, "category">>(items: readonly T[], filter: FaqFilter): T[] {
  return filter === "all" ? [...items] : items.filter((item) => item.category === filter);
}
