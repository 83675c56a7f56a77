import { decimal, dollars, PRODUCTS, type Product, STORE_NAME } from "./catalog";

/** The example store's HTML: server-rendered strings, every value from outside escaped. */

export interface CartLine {
  product: Product;
  quantity: number;
}

export type OrderStatus = "open" | "pending" | "approved" | "declined" | "expired" | "completed";

export interface Order {
  reference: string;
  lines: CartLine[];
  totalCents: number;
  sessionId: string;
  sessionUrl: string;
  status: OrderStatus;
  /** Set when the store ships an approved order and tells Pocketwise it is bought. */
  orderNumber: string | null;
  /** Verified webhook events, oldest first. */
  events: { id: string; type: string; receivedAt: string }[];
  /** Why completing at Pocketwise failed, shown on /orders so someone can look. */
  problem: string | null;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** JSON inside a <script>: "<" escaped so a value can never close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#fafaf9}
header{background:#14532d;color:#fff}
header div,main{max-width:960px;margin:0 auto;padding:16px}
header div{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:12px}
header a{color:#fff;text-decoration:none}
header nav{display:flex;gap:16px}
.brand{font-weight:700;font-size:20px}
h1{font-size:28px;line-height:1.2;margin:8px 0 16px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:16px;list-style:none;padding:0}
.card{background:#fff;border:1px solid #e7e5e4;border-radius:12px;padding:16px}
.card a{color:inherit;text-decoration:none}
.card img,.product img{width:100%;height:auto;border-radius:8px;display:block}
.product{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:24px}
@media (max-width:640px){.product{grid-template-columns:1fr}}
.price{font-size:22px;font-weight:700}
.muted{color:#57534e}
button.store,a.store{display:inline-block;border:0;border-radius:10px;padding:12px 20px;background:#14532d;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
input{font:inherit;padding:6px 8px;border:1px solid #a8a29e;border-radius:6px}
button.link{background:none;border:0;padding:0;color:#14532d;text-decoration:underline;font:inherit;cursor:pointer}
table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:8px;border-bottom:1px solid #e7e5e4;vertical-align:top}
td.num,th.num{text-align:right}
.table{overflow-x:auto}
.pay{margin:16px 0}
.notice{background:#fef3c7;border:1px solid #f59e0b;border-radius:8px;padding:12px}
`;

function layout(title: string, body: string, head = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<meta property="og:site_name" content="${STORE_NAME}">
<!-- What a Shopify store puts in every page: the browser extension reads the cart from /cart.js. -->
<meta name="shopify-digital-wallet" content="/checkout/digital_wallets/dialog">
${head}
<style>${CSS}</style>
</head>
<body>
<header><div><a class="brand" href="/">${STORE_NAME}</a><nav><a href="/cart">Cart</a><a href="/orders">Orders</a></nav></div></header>
<main>
${body}
</main>
</body>
</html>`;
}

const imagePath = (p: Product) => `/images/${p.handle}.svg`;

export function homePage(): string {
  const cards = PRODUCTS.map(
    (p) => `<li class="card"><a href="/products/${p.handle}">
<img src="${imagePath(p)}" alt="" width="400" height="300">
<h2>${escapeHtml(p.name)}</h2>
<p class="price">${dollars(p.priceCents)}</p></a></li>`,
  ).join("\n");
  return layout(STORE_NAME, `<h1>Everything for a sunny weekend</h1>\n<ul class="grid">${cards}</ul>`);
}

/** The product's own markup, one kind per product, as a real store of that kind would write it. */
function productMarkup(p: Product, origin: string): { head: string; body: string } {
  const url = `${origin}/products/${p.handle}`;
  const image = `${origin}${imagePath(p)}`;
  const addForm = `<form method="post" action="/cart/add">
<input type="hidden" name="handle" value="${p.handle}">
<label>Quantity <input name="quantity" type="number" min="1" max="10" value="1" style="width:5em"></label>
<p><button class="store" type="submit">Add to cart</button></p>
</form>`;
  const picture = `<img src="${imagePath(p)}" alt="${escapeHtml(p.name)}" width="400" height="300">`;
  switch (p.markup) {
    case "json-ld": {
      const jsonLd = {
        "@context": "https://schema.org",
        "@type": "Product",
        name: p.name,
        description: p.description,
        image: [image],
        sku: `LM-${p.id}`,
        offers: {
          "@type": "Offer",
          url,
          price: decimal(p.priceCents),
          priceCurrency: "USD",
          availability: "https://schema.org/InStock",
        },
      };
      return {
        head: `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
        body: `<div class="product"><div>${picture}</div><div><h1>${escapeHtml(p.name)}</h1>
<p class="price">${dollars(p.priceCents)}</p><p>${escapeHtml(p.description)}</p>${addForm}</div></div>`,
      };
    }
    case "opengraph":
      return {
        head: [
          `<meta property="og:type" content="product">`,
          `<meta property="og:title" content="${escapeHtml(p.name)}">`,
          `<meta property="og:url" content="${url}">`,
          `<meta property="og:image" content="${image}">`,
          `<meta property="og:description" content="${escapeHtml(p.description)}">`,
          `<meta property="product:price:amount" content="${decimal(p.priceCents)}">`,
          `<meta property="product:price:currency" content="USD">`,
        ].join("\n"),
        body: `<div class="product"><div>${picture}</div><div><h1>${escapeHtml(p.name)}</h1>
<p class="price">${dollars(p.priceCents)}</p><p>${escapeHtml(p.description)}</p>${addForm}</div></div>`,
      };
    case "microdata":
      return {
        head: "",
        body: `<div class="product" itemscope itemtype="https://schema.org/Product">
<div><img itemprop="image" src="${imagePath(p)}" alt="${escapeHtml(p.name)}" width="400" height="300"></div>
<div><h1 itemprop="name">${escapeHtml(p.name)}</h1>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
<meta itemprop="priceCurrency" content="USD"><link itemprop="availability" href="https://schema.org/InStock">
<p class="price"><span itemprop="price" content="${decimal(p.priceCents)}">${dollars(p.priceCents)}</span></p></div>
<p itemprop="description">${escapeHtml(p.description)}</p>${addForm}</div></div>`,
      };
    case "none":
      return {
        head: "",
        body: `<div class="product"><div>${picture}</div><div><h1>${escapeHtml(p.name)}</h1>
<p class="price">${dollars(p.priceCents)}</p><p>${escapeHtml(p.description)}</p>${addForm}</div></div>`,
      };
  }
}

export function productPage(p: Product, origin: string): string {
  const { head, body } = productMarkup(p, origin);
  // The page without markup has only its title to name the product, as the smallest shops' pages do.
  return layout(p.markup === "none" ? p.name : `${p.name} | ${STORE_NAME}`, body, head);
}

/** A picture for each product, drawn here so the store needs no files. */
export function productImage(p: Product): string {
  const letter = escapeHtml(p.name.charAt(0));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300"><rect width="400" height="300" fill="${p.colour}"/><text x="200" y="190" font-family="system-ui,sans-serif" font-size="140" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
}

const totalOf = (lines: CartLine[]) => lines.reduce((sum, l) => sum + l.product.priceCents * l.quantity, 0);

function linesTable(lines: CartLine[]): string {
  const rows = lines
    .map(
      (l) =>
        `<tr><td><a href="/products/${l.product.handle}">${escapeHtml(l.product.name)}</a></td><td class="num">${l.quantity}</td><td class="num">${dollars(l.product.priceCents * l.quantity)}</td></tr>`,
    )
    .join("\n");
  return `<div class="table"><table><thead><tr><th>Item</th><th class="num">Qty</th><th class="num">Price</th></tr></thead>
<tbody>${rows}</tbody><tfoot><tr><th colspan="2">Total</th><th class="num">${dollars(totalOf(lines))}</th></tr></tfoot></table></div>`;
}

export function cartPage(lines: CartLine[]): string {
  if (lines.length === 0) {
    return layout(`Cart | ${STORE_NAME}`, `<h1>Your cart</h1><p>Your cart is empty. <a href="/">Keep shopping</a></p>`);
  }
  return layout(
    `Cart | ${STORE_NAME}`,
    `<h1>Your cart</h1>${linesTable(lines)}
<p><a class="store" href="/checkout">Check out</a></p>
<form method="post" action="/cart/clear"><button class="link" type="submit">Empty the cart</button></form>`,
  );
}

export function checkoutPage(lines: CartLine[], pocketwiseUrl: string, configured: boolean): string {
  if (lines.length === 0) {
    return layout(
      `Checkout | ${STORE_NAME}`,
      `<h1>Checkout</h1><p>Your cart is empty. <a href="/">Keep shopping</a></p>`,
    );
  }
  // docs/merchants.md "The button": the script from Pocketwise, and the store's own endpoint that opens a
  // session on its server when the child presses the button.
  const pay = configured
    ? `<div id="pocketwise-checkout" class="pay"></div>
<script src="${escapeHtml(pocketwiseUrl)}/merchant/v1/button.js"></script>
<script>
if (window.Pocketwise) {
  Pocketwise.mount("#pocketwise-checkout", {
    createSession: function () {
      return fetch("/checkout/pocketwise", { method: "POST" }).then(function (res) {
        if (!res.ok) throw new Error("The store could not start the checkout");
        return res.json();
      });
    },
  });
}
</script>`
    : `<p class="notice">This store has no Pocketwise API key yet: start it with POCKETWISE_API_KEY and POCKETWISE_WEBHOOK_SECRET (see examples/store/README.md).</p>`;
  return layout(
    `Checkout | ${STORE_NAME}`,
    `<h1>Checkout</h1>${linesTable(lines)}
<h2>Pay</h2>
<p class="muted">Under 18? Ask a parent to pay with Pocketwise: they get your order and say yes or no.</p>
${pay}`,
  );
}

const STATUS_TEXT: Record<OrderStatus, string> = {
  open: "Waiting to be sent to a parent",
  pending: "Waiting for a parent",
  approved: "Approved, packing",
  declined: "Declined by the parent",
  expired: "Expired",
  completed: "Shipped",
};

export function ordersPage(orders: Order[]): string {
  if (orders.length === 0) return layout(`Orders | ${STORE_NAME}`, `<h1>Orders</h1><p>No orders yet.</p>`);
  const rows = orders
    .map(
      (o) =>
        `<tr><td><a href="/orders/${encodeURIComponent(o.reference)}">${escapeHtml(o.reference)}</a></td><td class="num">${dollars(o.totalCents)}</td><td>${STATUS_TEXT[o.status]}${o.problem ? `<br><span class="muted">${escapeHtml(o.problem)}</span>` : ""}</td><td>${o.orderNumber ? escapeHtml(o.orderNumber) : "—"}</td><td>${o.events.map((e) => escapeHtml(e.type)).join("<br>") || "—"}</td></tr>`,
    )
    .join("\n");
  return layout(
    `Orders | ${STORE_NAME}`,
    `<h1>Orders</h1><div class="table"><table><thead><tr><th>Reference</th><th class="num">Total</th><th>Status</th><th>Order number</th><th>Webhooks</th></tr></thead><tbody>${rows}</tbody></table></div>`,
  );
}

export function orderPage(order: Order): string {
  return layout(
    `Order ${order.reference} | ${STORE_NAME}`,
    `<h1>Order ${escapeHtml(order.reference)}</h1>
<p><strong>${STATUS_TEXT[order.status]}</strong>${order.orderNumber ? ` · Order number ${escapeHtml(order.orderNumber)}` : ""}</p>
${linesTable(order.lines)}
<p><a href="/">Keep shopping</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout(`Not found | ${STORE_NAME}`, `<h1>Not found</h1><p><a href="/">Back to the shop</a></p>`);
}
