import { useRef } from "react";

/**
 * Radix dialogs hand focus back to their Trigger when they close; a dialog opened from an ordinary button
 * (a controlled dialog with no Trigger, as most here are) would leave it on the page's body instead. This
 * remembers what had focus as the dialog opened (the control that opened it) and returns focus there on
 * close, if it is still on the page. Spread the result onto the dialog's content.
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Runs before focus moves into the dialog, so the active element is still the opener.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      if (event.defaultPrevented || !target?.isConnected || target === document.body) return;
      event.preventDefault();
      target.focus();
    },
  };
}
