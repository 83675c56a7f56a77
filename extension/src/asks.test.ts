import { describe, expect, it } from "vitest";
import { ASKS_KEPT, type Ask, addAsk, askFromCart, badgeFor, type CartSummary, markSeen, updateAsks } from "./asks";

const cart = (over: Partial<CartSummary> = {}): CartSummary => ({
  id: "c1",
  retailer: "Toy Barn",
  total: "12.50",
  status: "pending",
  decisionNote: null,
  items: [{ name: "Kite", quantity: 1 }],
  ...over,
});
const ask = (over: Partial<Ask> = {}): Ask => ({ ...askFromCart(cart()), ...over });

describe("asks", () => {
  it("names an ask by its item, or by its count and store for a store's cart", () => {
    expect(askFromCart(cart()).title).toBe("Kite");
    const items = [
      { name: "Socks", quantity: 2 },
      { name: "Hat", quantity: 1 },
    ];
    expect(askFromCart(cart({ items })).title).toBe("2 things from Toy Barn");
  });

  it("keeps the newest first, each once, at most ASKS_KEPT", () => {
    let asks: Ask[] = [];
    for (let i = 0; i < ASKS_KEPT + 3; i += 1) asks = addAsk(asks, ask({ id: `c${i}` }));
    asks = addAsk(asks, ask({ id: "c12", title: "again" }));
    expect(asks).toHaveLength(ASKS_KEPT);
    expect(asks[0]).toMatchObject({ id: "c12", title: "again" });
    expect(asks.filter((a) => a.id === "c12")).toHaveLength(1);
  });

  it("takes the server's statuses; a changed status is news until the popup is opened", () => {
    const asks = [ask({ id: "a" }), ask({ id: "b" }), ask({ id: "gone" })];
    const updated = updateAsks(asks, [
      cart({ id: "a", status: "approved", decisionNote: "Have fun" }),
      cart({ id: "b", status: "pending" }),
    ]);
    expect(updated.map((a) => [a.id, a.status, a.seen, a.decisionNote])).toEqual([
      ["a", "approved", false, "Have fun"],
      ["b", "pending", true, null],
      ["gone", "pending", true, null],
    ]);
    expect(updated[1]).toBe(asks[1]);
    expect(markSeen(updated).every((a) => a.seen)).toBe(true);
  });

  it.each([
    ["nothing", [], ""],
    ["one waiting", [ask()], "1"],
    [
      "two waiting and a fresh approval",
      [ask(), ask({ id: "x" }), ask({ id: "y", status: "approved", seen: false })],
      "2",
    ],
    ["a fresh approval", [ask({ status: "approved", seen: false })], "✓"],
    ["a fresh completion", [ask({ status: "completed", seen: false })], "✓"],
    ["a fresh decline", [ask({ status: "declined", seen: false })], "✗"],
    [
      "a fresh decline and a fresh approval",
      [ask({ status: "declined", seen: false }), ask({ id: "z", status: "approved", seen: false })],
      "✓",
    ],
    ["an approval already seen", [ask({ status: "approved", seen: true })], ""],
  ])("the badge for %s", (_label, asks, text) => {
    expect(badgeFor(asks).text).toBe(text);
  });

  it("says on the badge's title what it means, to a child", () => {
    expect(badgeFor([ask()]).title).toBe("Pocketwise: 1 ask is waiting for your parent");
    expect(badgeFor([ask(), ask({ id: "x" })]).title).toBe("Pocketwise: 2 asks are waiting for your parent");
    expect(badgeFor([ask({ status: "approved", seen: false })]).title).toBe("Pocketwise: Kite was approved!");
  });
});
