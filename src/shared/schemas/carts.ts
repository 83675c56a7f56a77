import { z } from "zod";
import "./zod-messages";
import { hasHiddenCharacters } from "../rules/spoofing-text";
import {
  AmountSchema,
  hiddenCharactersMessage,
  IsoDateSchema,
  MoneyOutSchema,
  RequiredTextSchema,
  TextSchema,
} from "./common";

export const CART_STATUSES = ["pending", "approved", "declined", "completed"] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

// A URL may carry direction overrides and zero-width characters, and the link is stored and shown as sent.
const UrlSchema = z
  .url({ message: "Must be a web address", protocol: /^https?$/ })
  .max(2048)
  .refine((url) => !hasHiddenCharacters(url), { message: hiddenCharactersMessage("Web address") });

export const CartItemSchema = z.object({
  name: RequiredTextSchema("Item name is required").max(200),
  price: AmountSchema("Must be a valid amount (e.g., 12.50)"),
  quantity: z
    .number({ error: "Quantity must be a number" })
    .int({ message: "Quantity must be a whole number" })
    .min(1, { message: "Quantity must be at least 1" })
    .max(99, { message: "Quantity must be at most 99" }),
  url: UrlSchema.optional(),
  imageUrl: UrlSchema.optional(),
  category: TextSchema("Category").min(1).max(50).optional(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartSubmitSchema = z.object({
  retailer: RequiredTextSchema("Retailer is required").max(100),
  items: z
    .array(CartItemSchema, { error: "Items are required" })
    .min(1, { message: "Add at least one item" })
    .max(100, { message: "A cart holds at most 100 items" }),
  tag: TextSchema("Tag").max(50).optional(),
  notes: TextSchema("Notes", { multiline: true }).max(1000).optional(),
});
export type CartSubmit = z.input<typeof CartSubmitSchema>;

export const SuggestedItemSchema = z.object({
  name: RequiredTextSchema("Suggested item name is required").max(200),
  price: AmountSchema("Must be a valid amount (e.g., 12.50)"),
  url: UrlSchema.optional(),
});
export type SuggestedItem = z.infer<typeof SuggestedItemSchema>;

export const CartStatusUpdateSchema = z.object({
  status: z.enum(["approved", "declined"], { error: "Status must be approved or declined" }),
  note: TextSchema("Note", { multiline: true }).max(500).optional(),
  allowOverBudget: z.boolean().optional(),
  suggestedItem: SuggestedItemSchema.optional(),
});
export type CartStatusUpdate = z.input<typeof CartStatusUpdateSchema>;

/** docs/decisions/140: an approved cart marked as bought, with the store's order number if there is one. */
export const CartCompleteSchema = z.object({
  orderNumber: TextSchema("Order number").max(64, { message: "Order number must be at most 64 characters" }).optional(),
});
export type CartComplete = z.input<typeof CartCompleteSchema>;

/**
 * Items and suggestions as the API answers them: stored text as it is. The route's response schema is checked
 * on every answer, so the request rules (hidden characters, lengths, web addresses) must not be: text accepted
 * under earlier rules, or written by the server itself, would turn a list into a 500, and every list would pay
 * for checks its text already passed on the way in.
 */
const CartItemOutSchema = z.object({
  name: z.string(),
  price: MoneyOutSchema,
  quantity: z.number().int(),
  url: z.string().optional(),
  imageUrl: z.string().optional(),
  category: z.string().optional(),
});
const SuggestedItemOutSchema = z.object({ name: z.string(), price: MoneyOutSchema, url: z.string().optional() });

export const DeciderSchema = z.object({ id: z.string(), firstName: z.string().nullable() });
export type Decider = z.infer<typeof DeciderSchema>;

export const CartSchema = z.object({
  id: z.string(),
  childId: z.string(),
  retailer: z.string(),
  total: MoneyOutSchema,
  status: z.enum(CART_STATUSES),
  tag: z.string().nullable(),
  notes: z.string().nullable(),
  items: z.array(CartItemOutSchema),
  /** Why the server decided as it did at submission (auto-approval reason). */
  decisionReason: z.string().nullable(),
  /** The parent's note on a decision (a reason or a suggested alternative). */
  decisionNote: z.string().nullable(),
  suggestedItem: SuggestedItemOutSchema.nullable(),
  /** The declined cart whose suggested item the child accepted to make this one. */
  fromCartId: z.string().nullable(),
  approvedAt: IsoDateSchema.nullable(),
  completedAt: IsoDateSchema.nullable(),
  /** The store's order number, given when the purchase was completed (docs/decisions/140). */
  orderNumber: z.string().nullable(),
  /** The guardian who decided; null for an automatic decision or an expiry (docs/product-contract.md "The family and its guardians"). */
  decidedBy: DeciderSchema.nullable(),
  decidedAt: IsoDateSchema.nullable(),
  /** When a pending cart stops waiting and is declined by itself. */
  expiresAt: IsoDateSchema.nullable(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Cart = z.infer<typeof CartSchema>;

export const PendingCartSchema = CartSchema.extend({
  childName: z.string(),
  childProfileColor: z.string(),
});
export type PendingCart = z.infer<typeof PendingCartSchema>;
