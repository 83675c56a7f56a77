import { z } from "zod";
import "./zod-messages";
import { CartItemSchema } from "./carts";
import { IsoDateSchema, MoneyOutSchema, RequiredTextSchema } from "./common";

/* docs/spec "Asking from the store": partner stores, their checkout sessions and webhooks (decision 141). */

export const CHECKOUT_SESSION_STATUSES = ["open", "pending", "approved", "declined", "expired", "completed"] as const;

const WebUrlSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .url({ message: `${label} must be a web address`, protocol: /^https?$/ })
    .max(2048);

export const MerchantCreateSchema = z.object({
  name: RequiredTextSchema("Name is required").max(100),
  domain: RequiredTextSchema("Domain is required")
    .max(253)
    .regex(/^[a-z0-9.-]+$/i, { message: "Domain must be a host name, e.g. shop.example.com" }),
  webhookUrl: WebUrlSchema("Webhook URL"),
});
export type MerchantCreate = z.infer<typeof MerchantCreateSchema>;

export const MerchantUpdateSchema = z.object({ isActive: z.boolean({ error: "isActive must be true or false" }) });

export const MerchantSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  webhookUrl: z.string(),
  isActive: z.boolean(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Merchant = z.infer<typeof MerchantSchema>;

/** Shown once: only a hash of the key and an encrypted secret are kept. */
export const MerchantWithSecretsSchema = MerchantSchema.extend({ apiKey: z.string(), webhookSecret: z.string() });
export type MerchantWithSecrets = z.infer<typeof MerchantWithSecretsSchema>;

export const CheckoutItemSchema = CartItemSchema.omit({ category: true });

export const CheckoutSessionCreateSchema = z.object({
  items: z
    .array(CheckoutItemSchema, { error: "Items are required" })
    .min(1, { message: "Add at least one item" })
    .max(100, { message: "A checkout holds at most 100 items" }),
  reference: RequiredTextSchema("Reference is required").max(200),
  successUrl: WebUrlSchema("successUrl"),
  cancelUrl: WebUrlSchema("cancelUrl"),
});
export type CheckoutSessionCreate = z.infer<typeof CheckoutSessionCreateSchema>;

export const CheckoutSessionCreatedSchema = z.object({
  id: z.string(),
  url: z.string(),
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  expiresAt: IsoDateSchema,
});

export const CheckoutSessionSchema = z.object({
  id: z.string(),
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  reference: z.string(),
  cartId: z.string().nullable(),
  total: MoneyOutSchema,
  expiresAt: IsoDateSchema,
});
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

export const CheckoutCompleteSchema = z.object({
  orderNumber: RequiredTextSchema("Order number is required").max(64).optional(),
});

/** What the hosted checkout page shows. */
export const HostedCheckoutSchema = z.object({
  id: z.string(),
  merchantName: z.string(),
  items: z.array(
    z.object({
      name: z.string(),
      price: MoneyOutSchema,
      quantity: z.number(),
      url: z.string().optional(),
      imageUrl: z.string().optional(),
    }),
  ),
  total: MoneyOutSchema,
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  expiresAt: IsoDateSchema,
  successUrl: z.string(),
  cancelUrl: z.string(),
});

export const CheckoutSendSchema = z.object({ childId: z.string().optional() }).optional();

export const CheckoutSentSchema = z.object({
  id: z.string(),
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  cartId: z.string(),
});

/**
 * A webhook event as the staff's delivery log shows it (decision 144): `failed` is a failed attempt that
 * will be tried again at `nextAttemptAt`; `given_up` is an event whose 72 hours of retries ran out;
 * `stopped` is an event not sent because its merchant was disabled.
 */
export const WEBHOOK_DELIVERY_STATUSES = ["delivered", "pending", "failed", "given_up", "stopped"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  type: z.string(),
  checkoutSessionId: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastAttemptAt: IsoDateSchema.nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: IsoDateSchema.nullable(),
  createdAt: IsoDateSchema,
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const DELIVERIES_DEFAULT_LIMIT = 20;
export const DELIVERIES_MAX_LIMIT = 100;

export const WebhookDeliveriesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ message: "limit must be a whole number" })
    .min(1, { message: "limit must be at least 1" })
    .max(DELIVERIES_MAX_LIMIT, { message: `limit must be at most ${DELIVERIES_MAX_LIMIT}` })
    .default(DELIVERIES_DEFAULT_LIMIT),
  /** The cursor: the last event of the page before; the next page holds the older ones. */
  before: z.string().max(100).optional(),
});

export const MerchantEventParamsSchema = z.object({ id: z.string(), eventId: z.string() });
