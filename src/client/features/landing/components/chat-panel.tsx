import { Bot, Send, X } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { botReply, CHAT_REPLY_DELAY_MS, type ChatMessage, GREETING, normaliseChatInput } from "../lib/chat-replies";

const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

/** spec 001 §2.2 "Chat widget": a blank message is ignored and the bot answers 1 s after each message. */
export default function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    { id: "greeting", text: GREETING, sender: "bot", timestamp: Date.now() },
  ]);
  const [draft, setDraft] = useState("");
  const [pendingReplies, setPendingReplies] = useState(0);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);

  // Replies keep coming while the panel is closed; only leaving the page cancels them.
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clearTimeout(t);
    };
  }, []);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the conversation grows
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages, pendingReplies]);

  const add = (text: string, sender: ChatMessage["sender"]) => {
    nextId.current += 1;
    const message: ChatMessage = { id: `m${nextId.current}`, text, sender, timestamp: Date.now() };
    setMessages((list) => [...list, message]);
  };

  const send = (e: FormEvent) => {
    e.preventDefault();
    const text = normaliseChatInput(draft);
    if (!text) return;
    add(text, "user");
    setDraft("");
    setPendingReplies((n) => n + 1);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setPendingReplies((n) => n - 1);
      add(botReply(text), "bot");
    }, CHAT_REPLY_DELAY_MS);
    timers.current.add(timer);
  };

  return (
    <div
      id="chat-panel"
      role="dialog"
      aria-labelledby="chat-title"
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === "Escape") onClose();
      }}
      className="fixed bottom-24 right-4 z-40 flex h-[min(30rem,calc(100dvh-8rem))] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl"
    >
      <div className="flex items-center justify-between gap-3 bg-brand-700 px-4 py-3 text-white">
        <div className="flex items-center gap-2">
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-white/15">
            <Bot className="h-5 w-5" aria-hidden />
          </span>
          <div>
            <h2 id="chat-title" className="text-sm font-bold">
              Pocketwise help
            </h2>
            <p className="text-xs text-brand-100">Usually answers in a moment</p>
          </div>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          className="rounded-md p-1.5 hover:bg-white/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <X className="h-5 w-5" aria-hidden />
        </button>
      </div>
      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling conversation must be scrollable by keyboard
        tabIndex={0}
        className="flex-1 space-y-3 overflow-y-auto bg-slate-50 p-4"
      >
        {messages.map((m) => (
          <div
            key={m.id}
            data-sender={m.sender}
            className={cn("flex flex-col", m.sender === "user" ? "items-end" : "items-start")}
          >
            <p
              className={cn(
                "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm",
                m.sender === "user"
                  ? "rounded-br-sm bg-brand-700 text-white"
                  : "rounded-bl-sm border border-slate-200 bg-white text-slate-800",
              )}
            >
              <span className="sr-only">{m.sender === "user" ? "You: " : "Pocketwise: "}</span>
              {m.text}
            </p>
            <span className="mt-1 text-[11px] text-slate-600">{time.format(m.timestamp)}</span>
          </div>
        ))}
        {pendingReplies > 0 && (
          <p className="text-xs italic text-slate-600" aria-hidden>
            Pocketwise is typing…
          </p>
        )}
      </div>
      <form onSubmit={send} className="flex gap-2 border-t border-slate-200 p-3">
        <label htmlFor="chat-input" className="sr-only">
          Your message
        </label>
        <input
          ref={input}
          id="chat-input"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Type your question…"
          autoComplete="off"
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/30 sm:text-sm"
        />
        <Button type="submit" size="icon" aria-label="Send message">
          <Send aria-hidden />
        </Button>
      </form>
    </div>
  );
}
