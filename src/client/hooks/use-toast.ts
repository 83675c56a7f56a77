import { type ReactNode, useEffect, useState } from "react";

// spec 000 §2 "Other" and §9: one toast at a time, a new one replaces the previous;
// a dismissed toast is removed from memory after 1,000,000 ms.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: "default" | "destructive";
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<(t: ToastItem[]) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l(toasts);
}

export function dismissToast(id?: string) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  for (const t of toasts) {
    if (!t.open && !removalTimers.has(t.id)) {
      removalTimers.set(
        t.id,
        setTimeout(() => {
          removalTimers.delete(t.id);
          toasts = toasts.filter((x) => x.id !== t.id);
          emit();
        }, TOAST_REMOVE_DELAY_MS),
      );
    }
  }
  emit();
}

export function toast(input: ToastInput) {
  nextId += 1;
  const id = String(nextId);
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

let markToasterReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markToasterReady = resolve;
});

/**
 * Resolves once a toaster shows the store, or after `fallbackMs` if it never loads; code that leaves the page
 * right after a toast waits for this so the toast is on screen for its whole delay.
 */
export function whenToasterReady(fallbackMs = 3000): Promise<void> {
  return Promise.race([toasterReady, new Promise<void>((resolve) => setTimeout(resolve, fallbackMs))]);
}

export function useToasts(): ToastItem[] {
  const [state, setState] = useState(toasts);
  useEffect(() => {
    listeners.add(setState);
    markToasterReady();
    // A toast raised between the first render and this subscription would otherwise be missed.
    setState(toasts);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return state;
}
