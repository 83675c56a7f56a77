import { type Cents, formatCents } from "../../src/shared/rules/money";
import type { CartItemReading } from "./readers/carts";
import type { ProductReading } from "./readers/product";

/**
 * The body of `POST /api/children/{id}/carts` (src/shared/schemas/carts.ts CartSubmit) from what the readers
 * found: the page's address as the item's `url` (spec "Asking from the store"). Typed by hand rather than
 * imported from the schema, so the bundle carries no zod; the tests check it against CartSubmitSchema.
 */
export interface CartBody {
  retailer: string;
  items: CartItemReading[];
}

export function productCartBody(product: ProductReading, priceCents: Cents, quantity = 1): CartBody {
  return {
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

export function storeCartBody(retailer: string, items: CartItemReading[]): CartBody {
  return { retailer, items };
}
