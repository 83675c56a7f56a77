import { type Cents, formatCents } from "../../src/shared/rules/money";
import type { CartItemReading } from "./readers/carts";
import type { ProductReading } from "./readers/product";
import { capLength } from "./readers/text";

/**
 * The body of `POST /api/children/{id}/carts` (src/shared/schemas/carts.ts CartSubmit) from what the readers
 * found: the page's address as the item's `url` (spec "Asking from the store"). Typed by hand rather than
 * imported from the schema, so the bundle carries no zod; the tests check it against CartSubmitSchema.
 */
export interface CartBody {
  retailer: string;
  items: CartItemReading[];
  /** The child's note to the parent (the contract's `notes`), left out when empty. */
  notes?: string;
}

export const NOTES_MAX = 1000;

/** The note as the contract takes it: trimmed, at most 1000 characters, absent when empty. */
export function noteField(note: string | undefined): { notes?: string } {
  const text = capLength(note?.trim() ?? "", NOTES_MAX);
  return text ? { notes: text } : {};
}

export function productCartBody(product: ProductReading, priceCents: Cents, quantity = 1, note?: string): CartBody {
  return {
    ...noteField(note),
    retailer: product.retailer,
    items: [
      {
        name: product.name,
        price: formatCents(priceCents),
        quantity,
        url: product.url,
        ...(product.imageUrl ? { imageUrl: product.imageUrl } : {}),
      },
    ],
  };
}

export function storeCartBody(retailer: string, items: CartItemReading[], note?: string): CartBody {
  return { ...noteField(note), retailer, items };
}
