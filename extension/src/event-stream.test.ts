import { describe, expect, it } from "vitest";
import { readEventStream, takeEvents } from "./event-stream";

describe("the event stream", () => {
  it("answers complete events' names and keeps the unfinished rest", () => {
    const { names, rest } = takeEvents(
      'retry: 3000\n\nid: 4\nevent: cart.decided\ndata: {"cartId":"c1"}\n\n: heartbeat\n\nid: 5\r\nevent: chore.updated\r\ndata: {}\r\n\r\nid: 6\nevent: cart.exp',
    );
    expect(names).toEqual(["cart.decided", "chore.updated"]);
    expect(rest).toBe("id: 6\nevent: cart.exp");
  });

  it("reads events split anywhere across chunks, a character's bytes included", async () => {
    const text = 'event: cart.decided\ndata: {"note":"Très bien"}\n\nevent: cart.expired\ndata: {}\n\n';
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
    const names: string[] = [];
    await readEventStream(body, (name) => names.push(name));
    expect(names).toEqual(["cart.decided", "cart.expired"]);
  });
});
