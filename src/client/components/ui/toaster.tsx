import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { Link } from "wouter";
import { dismissToast, TOAST_DURATION_MS, useToasts } from "@/hooks/use-toast";
import { cn } from "@/lib/cn";

/** Radix toasts with the spec's constants: 5000 ms, swipe right past 50 px, F8 focuses the area. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-9 shadow-lg",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:animate-out",
            "data-[state=open]:animate-in data-[state=closed]:animate-out",
            t.variant === "destructive"
              ? "border-red-700 bg-red-700 text-white"
              : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <div className="grid gap-1">
            {t.title && <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>}
            {t.description && <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>}
          </div>
          {t.action}
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
          >
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={["F8"]}
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      />
    </Toast.Provider>
  );
}

/** A toast's way onward, such as the plans after a plan limit; read out as its own words. */
export function ToastLink({ href, children }: { href: string; children: string }) {
  return (
    <Toast.Action altText={children} asChild>
      <Link
        href={href}
        className="shrink-0 self-center rounded-md border border-current px-3 py-1.5 text-sm font-semibold hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
      >
        {children}
      </Link>
    </Toast.Action>
  );
}

/** A toast's one-tap answer, such as Undo; `altText` says how to do the same without the toast. */
export function ToastButton({
  onClick,
  altText,
  children,
}: {
  onClick: () => void;
  altText: string;
  children: string;
}) {
  return (
    <Toast.Action
      altText={altText}
      onClick={onClick}
      className="shrink-0 self-center rounded-md border border-current px-3 py-1.5 text-sm font-semibold hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
    >
      {children}
    </Toast.Action>
  );
}
