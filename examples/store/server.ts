import { createHash, randomInt, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { isMainModule } from "../../src/server/lib/is-main-module";
import { decimal, PRODUCTS, productByHandle, STORE_NAME } from "./catalog";
import {
  type CartLine,
  cartPage,
  checkoutPage,
  homePage,
  notFoundPage,
  type Order,
  type OrderStatus,
  orderPage,
  ordersPage,
  productImage,
  productPage,
} from "./pages";
import { PocketwiseError, pocketwiseApi } from "./pocketwise-api";
import { verifySignature } from "./signature";

/**
 * A small partner store for trying Pocketwise's store integration (examples/store/README.md): product
 * pages marked up each way the browser extension reads them, a Shopify-style /cart.js, and a checkout
 * with the "Check out with Pocketwise" button whose session the store's server opens, whose webhooks it
 * verifies, and whose approved orders it ships and completes. Plain node:http and memory: nothing to set up.
 */

export interface ExampleStoreOptions {
  /** 0 or absent: any free port. */
  port?: number;
  host?: string;
  /** Where Pocketwise runs, e.g. http://localhost:5000: the API, the button script and the hosted page. */
  pocketwiseUrl: string;
  /** The merchant's credentials from staff registration; without them the store runs but cannot check out. */
  apiKey?: string;
  webhookSecret?: string;
}

export interface ExampleStore {
  url: string;
  /** Where Pocketwise should POST webhooks: the URL to register the merchant with. */
  webhookUrl: string;
  /** A copy of every order, oldest first. */
  orders(): Order[];
  close(): Promise<void>;
}

const CART_COOKIE = "lm_cart";
const BODY_MAX_BYTES = 64 * 1024;
const QUANTITY_MAX = 10;
/** Statuses only move forward: a late retry of checkout.approved must not undo a completion. */
const RANK: Record<OrderStatus, number> = { open: 0, pending: 1, approved: 2, declined: 3, expired: 3, completed: 4 };
const EVENT_STATUS: Record<string, OrderStatus> = {
  "checkout.approved": "approved",
  "checkout.declined": "declined",
  "checkout.expired": "expired",
  "checkout.completed": "completed",
};
/** Waits before each try to complete an order at Pocketwise. */
const COMPLETE_DELAYS_MS = [0, 1_000, 3_000];

class BodyTooLarge extends Error {}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_MAX_BYTES) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function send(res: http.ServerResponse, status: number, body: string, type = "text/html; charset=utf-8") {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" }).end(body);
}
const sendJson = (res: http.ServerResponse, status: number, value: unknown) =>
  send(res, status, JSON.stringify(value), "application/json; charset=utf-8");
const redirect = (res: http.ServerResponse, location: string) => res.writeHead(303, { location }).end();

function cookieOf(req: http.IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}

/** A form post or a JSON body, as Shopify's /cart/add and /cart/add.js take them. */
function fieldsOf(req: http.IncomingMessage, raw: Buffer): Record<string, unknown> {
  if ((req.headers["content-type"] ?? "").includes("application/json")) {
    const parsed = JSON.parse(raw.toString("utf8")) as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  }
  return Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
}

/** The Shopify AJAX API's cart (GET /cart.js): prices in cents, item urls relative, images absolute. */
export function shopifyCart(token: string, lines: CartLine[], origin: string) {
  const items = lines.map(({ product: p, quantity }) => ({
    id: p.variantId,
    properties: {},
    quantity,
    variant_id: p.variantId,
    key: `${p.variantId}:${createHash("md5").update(p.handle).digest("hex")}`,
    title: p.name,
    price: p.priceCents,
    original_price: p.priceCents,
    discounted_price: p.priceCents,
    line_price: p.priceCents * quantity,
    original_line_price: p.priceCents * quantity,
    final_price: p.priceCents,
    final_line_price: p.priceCents * quantity,
    total_discount: 0,
    discounts: [],
    sku: `LM-${p.id}`,
    grams: 0,
    vendor: STORE_NAME,
    taxable: true,
    product_id: p.id,
    product_has_only_default_variant: true,
    gift_card: false,
    url: `/products/${p.handle}?variant=${p.variantId}`,
    image: `${origin}/images/${p.handle}.svg`,
    handle: p.handle,
    requires_shipping: true,
    product_type: "",
    product_title: p.name,
    product_description: p.description,
    variant_title: null,
    variant_options: ["Default Title"],
    options_with_values: [{ name: "Title", value: "Default Title" }],
    line_level_discount_allocations: [],
    line_level_total_discount: 0,
  }));
  const total = items.reduce((sum, item) => sum + item.final_line_price, 0);
  return {
    token,
    note: null,
    attributes: {},
    original_total_price: total,
    total_price: total,
    total_discount: 0,
    total_weight: 0,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    items,
    requires_shipping: items.length > 0,
    currency: "USD",
    items_subtotal_price: total,
    cart_level_discount_applications: [],
  };
}

export async function startExampleStore(opts: ExampleStoreOptions): Promise<ExampleStore> {
  const pocketwiseUrl = opts.pocketwiseUrl.replace(/\/+$/, "");
  const api = opts.apiKey ? pocketwiseApi(pocketwiseUrl, opts.apiKey) : null;
  const carts = new Map<string, Map<string, number>>();
  const orders = new Map<string, Order>();
  const ordersBySession = new Map<string, Order>();
  /** The reference an unchanged cart checks out under, so pressing the button again reuses one session. */
  const referenceOfCart = new Map<string, string>();
  const seenEvents = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let nextReference = 1001;
  let origin = "";

  const linesOf = (token: string | null): CartLine[] =>
    [...((token && carts.get(token)) || [])].flatMap(([handle, quantity]) => {
      const product = productByHandle(handle);
      return product ? [{ product, quantity }] : [];
    });

  function cartToken(req: http.IncomingMessage, res: http.ServerResponse): string {
    const existing = cookieOf(req, CART_COOKIE);
    if (existing && carts.has(existing)) return existing;
    const token = randomUUID();
    carts.set(token, new Map());
    res.setHeader("set-cookie", `${CART_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax`);
    return token;
  }

  function moveOrder(order: Order, status: OrderStatus) {
    if (RANK[status] > RANK[order.status]) order.status = status;
  }

  /**
   * "Ships" an approved order and tells Pocketwise it is bought, with the store's order number, so the
   * family sees it. Run after the webhook is answered: a slow call here must not make Pocketwise retry.
   */
  async function ship(order: Order) {
    if (!api) return;
    order.orderNumber ??= `LM${randomInt(100_000, 1_000_000)}`;
    for (const delay of COMPLETE_DELAYS_MS) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        const session = await api.completeCheckoutSession(order.sessionId, order.orderNumber);
        moveOrder(order, session.status as OrderStatus);
        order.problem = null;
        return;
      } catch (err) {
        order.problem = err instanceof Error ? err.message : String(err);
        // 409: the session is not approved (any more); trying again will not change that.
        if (err instanceof PocketwiseError && err.status < 500) return;
      }
    }
  }

  async function startCheckout(req: http.IncomingMessage, res: http.ServerResponse) {
    const token = cookieOf(req, CART_COOKIE);
    const lines = linesOf(token);
    if (!api) return sendJson(res, 409, { message: "This store has no Pocketwise API key" });
    if (!token || lines.length === 0) return sendJson(res, 409, { message: "Nothing to check out" });
    const contents = lines.map((l) => `${l.product.handle}x${l.quantity}`).join(",");
    const cartKey = `${token}:${contents}`;
    const known = orders.get(referenceOfCart.get(cartKey) ?? "");
    if (known?.status === "open") return sendJson(res, 200, { url: known.sessionUrl });

    let reference = referenceOfCart.get(cartKey);
    if (!reference || known) {
      reference = `LM-${nextReference++}`;
      referenceOfCart.set(cartKey, reference);
    }
    // The reference is kept before the call and is the Idempotency-Key: if the answer is lost, pressing
    // again sends the same request and Pocketwise answers the session it already opened.
    const session = await api.createCheckoutSession(
      {
        items: lines.map(({ product: p, quantity }) => ({
          name: p.name,
          price: decimal(p.priceCents),
          quantity,
          url: `${origin}/products/${p.handle}`,
          imageUrl: `${origin}/images/${p.handle}.svg`,
        })),
        reference,
        successUrl: `${origin}/orders/${reference}`,
        cancelUrl: `${origin}/cart`,
      },
      `order-${reference}`,
    );
    const order: Order = {
      reference,
      lines,
      totalCents: lines.reduce((sum, l) => sum + l.product.priceCents * l.quantity, 0),
      sessionId: session.id,
      sessionUrl: session.url,
      status: "open",
      orderNumber: null,
      events: [],
      problem: null,
    };
    orders.set(reference, order);
    ordersBySession.set(session.id, order);
    sendJson(res, 200, { url: session.url });
  }

  async function receiveWebhook(req: http.IncomingMessage, res: http.ServerResponse) {
    const raw = await readBody(req);
    if (!opts.webhookSecret) return sendJson(res, 400, { message: "No webhook secret configured" });
    const verified = verifySignature(req.headers["pocketwise-signature"], raw, opts.webhookSecret);
    if (!verified.ok) return sendJson(res, 400, { message: verified.reason });
    let event: { id?: unknown; type?: unknown; data?: { checkoutSessionId?: unknown } };
    try {
      event = JSON.parse(raw.toString("utf8"));
    } catch {
      return sendJson(res, 400, { message: "The body is not JSON" });
    }
    const id = String(event.id);
    // Each event keeps its id across retries: one seen before is answered, not applied twice.
    if (seenEvents.has(id)) return sendJson(res, 200, { received: true });
    seenEvents.add(id);
    const order = ordersBySession.get(String(event.data?.checkoutSessionId));
    if (order) {
      order.events.push({ id, type: String(event.type), receivedAt: new Date().toISOString() });
      const status = EVENT_STATUS[String(event.type)];
      if (status) moveOrder(order, status);
    }
    sendJson(res, 200, { received: true });
    if (order?.status === "approved" && order.orderNumber === null) {
      const shipping = ship(order).finally(() => inFlight.delete(shipping));
      inFlight.add(shipping);
    }
  }

  /** The order page the hosted checkout links back to: the status asked of Pocketwise while it can still move. */
  async function showOrder(res: http.ServerResponse, reference: string) {
    const order = orders.get(reference);
    if (!order) return send(res, 404, notFoundPage());
    if (api && (order.status === "open" || order.status === "pending")) {
      try {
        moveOrder(order, (await api.getCheckoutSession(order.sessionId)).status as OrderStatus);
      } catch {
        // The page shows what the store knows; the webhooks will bring the rest.
      }
    }
    send(res, 200, orderPage(order));
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", origin);
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const method = req.method ?? "GET";
    if (method === "GET" && path === "/") return send(res, 200, homePage());
    const product = /^\/products\/([a-z0-9-]+)$/.exec(path);
    if (method === "GET" && product) {
      const found = productByHandle(product[1] ?? "");
      return found ? send(res, 200, productPage(found, origin)) : send(res, 404, notFoundPage());
    }
    const image = /^\/images\/([a-z0-9-]+)\.svg$/.exec(path);
    if (method === "GET" && image) {
      const found = productByHandle(image[1] ?? "");
      return found ? send(res, 200, productImage(found), "image/svg+xml") : send(res, 404, notFoundPage());
    }
    if (method === "GET" && path === "/cart.js") {
      const token = cartToken(req, res);
      return sendJson(res, 200, shopifyCart(token, linesOf(token), origin));
    }
    if (method === "POST" && (path === "/cart/add" || path === "/cart/add.js")) {
      const fields = fieldsOf(req, await readBody(req));
      const found =
        productByHandle(String(fields.handle ?? "")) ?? PRODUCTS.find((p) => p.variantId === Number(fields.id));
      const quantity = Number(fields.quantity ?? 1);
      if (!found || !Number.isInteger(quantity) || quantity < 1 || quantity > QUANTITY_MAX) {
        return sendJson(res, 422, { message: "Choose a product and a quantity from 1 to 10" });
      }
      const cart = carts.get(cartToken(req, res)) as Map<string, number>;
      cart.set(found.handle, Math.min(QUANTITY_MAX, (cart.get(found.handle) ?? 0) + quantity));
      return path === "/cart/add.js" ? sendJson(res, 200, { handle: found.handle, quantity }) : redirect(res, "/cart");
    }
    if (method === "POST" && path === "/cart/clear") {
      carts.get(cartToken(req, res))?.clear();
      return redirect(res, "/cart");
    }
    if (method === "GET" && path === "/cart") return send(res, 200, cartPage(linesOf(cookieOf(req, CART_COOKIE))));
    if (method === "GET" && path === "/checkout") {
      return send(res, 200, checkoutPage(linesOf(cookieOf(req, CART_COOKIE)), pocketwiseUrl, api !== null));
    }
    if (method === "POST" && path === "/checkout/pocketwise") return startCheckout(req, res);
    if (method === "POST" && path === "/webhooks/pocketwise") return receiveWebhook(req, res);
    if (method === "GET" && path === "/orders") return send(res, 200, ordersPage([...orders.values()]));
    const order = /^\/orders\/([A-Za-z0-9-]+)$/.exec(path);
    if (method === "GET" && order) return showOrder(res, order[1] ?? "");
    return send(res, 404, notFoundPage());
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (res.headersSent) return;
      if (err instanceof BodyTooLarge) return sendJson(res, 413, { message: "The body is too large" });
      if (err instanceof SyntaxError) return sendJson(res, 400, { message: "The body is not JSON" });
      const message = err instanceof PocketwiseError ? err.message : "Something went wrong";
      sendJson(res, 502, { message });
    });
  });
  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    webhookUrl: `${origin}/webhooks/pocketwise`,
    orders: () => structuredClone([...orders.values()]),
    async close() {
      await Promise.allSettled([...inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (isMainModule(import.meta.url)) {
  const store = await startExampleStore({
    port: Number(process.env.PORT ?? 4100),
    pocketwiseUrl: process.env.POCKETWISE_URL ?? "http://localhost:5000",
    apiKey: process.env.POCKETWISE_API_KEY || undefined,
    webhookSecret: process.env.POCKETWISE_WEBHOOK_SECRET || undefined,
  });
  console.log(`${STORE_NAME} is open on ${store.url}`);
  if (!process.env.POCKETWISE_API_KEY) {
    console.log(
      `To check out with Pocketwise, register it as a merchant with the webhook URL ${store.webhookUrl}, then start it again with POCKETWISE_API_KEY and POCKETWISE_WEBHOOK_SECRET (examples/store/README.md).`,
    );
  }
  const stop = () => void store.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
