/**
 * Reads `GET /api/events` (docs/decisions/131) from a fetch body: EventSource cannot send the
 * Authorization header the extension signs in with. Only event names matter here; each one makes the
 * service worker ask for the carts again, as the web app refetches what an event names.
 */

/** Splits what arrived into complete events and the unfinished rest; answers each event's name. */
export function takeEvents(buffer: string): { names: string[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  const names: string[] = [];
  for (const block of blocks) {
    const line = block.split("\n").find((l) => l.startsWith("event:"));
    if (line) names.push(line.slice("event:".length).trim());
  }
  return { names, rest };
}

/** The events that can change what an ask shows. */
export const isCartEvent = (name: string) => name.startsWith("cart.");

/** Reads the stream until it ends (or its fetch is aborted), calling `onEvent` with each event's name. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (name: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    // A stream that never ends an event is not let to grow without bound.
    buffer = (buffer + decoder.decode(value, { stream: true })).slice(-65_536);
    const { names, rest } = takeEvents(buffer);
    buffer = rest;
    for (const name of names) onEvent(name);
  }
}
