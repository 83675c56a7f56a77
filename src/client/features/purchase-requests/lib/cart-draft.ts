import { formatDollars, isAmount, parseCents } from "@shared/rules/money";
import { type CartSubmit, CartSubmitSchema } from "@shared/schemas/carts";
import { z } from "zod";
import { amountInput } from "@/components/ui/money";

/** One line of the form as typed: every field is text until it is sent. */
export interface ItemDraft {
  key: string;
  name: string;
  price: string;
  quantity: string;
  url: string;
  category: string;
}

export interface CartDraft {
  retailer: string;
  notes: string;
  items: ItemDraft[];
}

let nextKey = 0;
export const emptyItem = (): ItemDraft => {
  nextKey += 1;
  return { key: `item-${nextKey}`, name: "", price: "", quantity: "1", url: "", category: "" };
};

export const emptyDraft = (): CartDraft => ({ retailer: "", notes: "", items: [emptyItem()] });

const quantityOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));

/** "$12.50" and "12.50" are the same price to a child typing it. */
const priceOf = amountInput;

/** The live total in cents, counting only lines whose price and quantity are already valid. */
export function draftTotalCents(draft: CartDraft): number {
  return draft.items.reduce((sum, item) => {
    const price = priceOf(item.price);
    const qty = quantityOf(item.quantity);
    if (!isAmount(price) || !Number.isInteger(qty) || qty < 1) return sum;
    return sum + parseCents(price) * qty;
  }, 0);
}

export const draftTotal = (draft: CartDraft) => formatDollars(draftTotalCents(draft));

/** The request body, leaving out empty optional fields so the server never sees "". */
export function toSubmission(draft: CartDraft): CartSubmit {
  const notes = draft.notes.trim();
  return {
    retailer: draft.retailer,
    ...(notes ? { notes } : {}),
    items: draft.items.map((item) => {
      return {
        name: item.name,
        price: priceOf(item.price),
        quantity: quantityOf(item.quantity),
        ...(item.url.trim() ? { url: item.url.trim() } : {}),
        ...(item.category ? { category: item.category } : {}),
      };
    }),
  };
}

/**
 * The form's text checked as the request it becomes, by the contract the server checks it with: error paths are
 * the server's ("retailer", "items.0.price"), which are the form's own field names, so one set of messages
 * lands on the same boxes from either side. The output is the request body.
 */
export const CartDraftSchema = z.preprocess((draft: CartDraft) => toSubmission(draft), CartSubmitSchema);
