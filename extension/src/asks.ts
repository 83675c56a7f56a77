/**
 * What the extension remembers of the carts a child sent from this browser, and what the toolbar badge
 * shows for them. Pure functions: the service worker keeps the list in chrome.storage.local and the popup
 * shows it (docs/decisions/143).
 */

export type AskStatus = "pending" | "approved" | "declined" | "completed";

export interface Ask {
  id: string;
  /** The first item's name, or "3 things from Toy Barn" for a store's cart. */
  title: string;
  /** "12.50", as the API answers money. */
  total: string;
  status: AskStatus;
  /** The parent's note on the decision, shown as text. */
  decisionNote: string | null;
  /** False until the child opens the popup after the decision: the badge keeps the mark until then. */
  seen: boolean;
}

/** The part of the API's cart (src/shared/schemas/carts.ts Cart) the extension reads. */
export interface CartSummary {
  id: string;
  retailer: string;
  total: string;
  status: AskStatus;
  decisionNote: string | null;
  items: { name: string; quantity: number }[];
}

/** At most this many asks are kept: the popup shows the latest, the rest are on the child's dashboard. */
export const ASKS_KEPT = 10;

export function askFromCart(cart: CartSummary): Ask {
  const [first] = cart.items;
  const title = cart.items.length === 1 && first ? first.name : `${cart.items.length} things from ${cart.retailer}`;
  return {
    id: cart.id,
    title,
    total: cart.total,
    status: cart.status,
    decisionNote: cart.decisionNote,
    // An ask approved at once (under the auto-approval limit) is seen in the popup that sent it.
    seen: true,
  };
}

/** A new ask goes first; the list stays at ASKS_KEPT. */
export function addAsk(asks: Ask[], ask: Ask): Ask[] {
  return [ask, ...asks.filter((a) => a.id !== ask.id)].slice(0, ASKS_KEPT);
}

/** The asks with the statuses the server now answers; an ask whose status changed is not seen yet. */
export function updateAsks(asks: Ask[], carts: CartSummary[]): Ask[] {
  const byId = new Map(carts.map((c) => [c.id, c]));
  return asks.map((ask) => {
    const cart = byId.get(ask.id);
    if (!cart || (cart.status === ask.status && cart.decisionNote === ask.decisionNote)) return ask;
    return {
      ...ask,
      status: cart.status,
      decisionNote: cart.decisionNote,
      seen: ask.seen && cart.status === ask.status,
    };
  });
}

export const isWaiting = (asks: Ask[]) => asks.some((a) => a.status === "pending");

export const markSeen = (asks: Ask[]): Ask[] => asks.map((a) => (a.seen ? a : { ...a, seen: true }));

export interface Badge {
  text: string;
  color: string;
  title: string;
}

const WAITING_COLOR = "#b45309";
const APPROVED_COLOR = "#047857";
const DECLINED_COLOR = "#b91c1c";

/**
 * The toolbar badge: how many asks wait for a parent; when none waits, a mark for a decision the child
 * has not opened the popup to see yet (approved wins over declined: it is the news to act on).
 */
export function badgeFor(asks: Ask[]): Badge {
  const waiting = asks.filter((a) => a.status === "pending").length;
  if (waiting > 0) {
    const title = waiting === 1 ? "1 ask is waiting for your parent" : `${waiting} asks are waiting for your parent`;
    return { text: String(waiting), color: WAITING_COLOR, title: `Pocketwise: ${title}` };
  }
  const news = asks.filter((a) => !a.seen);
  const approved = news.find((a) => a.status === "approved" || a.status === "completed");
  if (approved) return { text: "✓", color: APPROVED_COLOR, title: `Pocketwise: ${approved.title} was approved!` };
  const declined = news.find((a) => a.status === "declined");
  if (declined) return { text: "✗", color: DECLINED_COLOR, title: `Pocketwise: ${declined.title} was not approved` };
  return { text: "", color: WAITING_COLOR, title: "Ask with Pocketwise" };
}

/** What the popup says of an ask's status, to a child. */
export function statusText(status: AskStatus): string {
  switch (status) {
    case "pending":
      return "Waiting for your parent";
    case "approved":
      return "Approved!";
    case "declined":
      return "Not this time";
    case "completed":
      return "Bought";
  }
}
