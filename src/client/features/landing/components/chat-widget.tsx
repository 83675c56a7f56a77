import { MessageCircle, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";

const loadPanel = () => import("./chat-panel");
const ChatPanel = lazy(loadPanel);

/** The floating chat button; the conversation itself loads the first time it is opened. */
export function ChatWidget({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [mounted, setMounted] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) setMounted(true);
    // Closing (with Escape or the panel's own button) hands focus back to the launcher.
    if (wasOpen.current && !open) launcher.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      {mounted && (
        <Suspense fallback={null}>
          <ChatPanel open={open} onClose={() => onOpenChange(false)} />
        </Suspense>
      )}
      <button
        ref={launcher}
        type="button"
        aria-label="Chat with us"
        aria-expanded={open}
        aria-controls={mounted ? "chat-panel" : undefined}
        onClick={() => onOpenChange(!open)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        className="fixed bottom-4 right-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-colors hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
      >
        {open ? <X className="h-6 w-6" aria-hidden /> : <MessageCircle className="h-6 w-6" aria-hidden />}
      </button>
    </>
  );
}
