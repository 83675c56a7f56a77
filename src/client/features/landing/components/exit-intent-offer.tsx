import {
  type ExitIntentTrigger,
  formatCountdown,
  nextCountdown,
  OFFER_COUNTDOWN_SECONDS,
  shouldOpenExitIntent,
} from "@shared/rules/exit-intent";
import { Gift, Timer } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { openAuthDialog } from "@/lib/auth-dialog";
import { useInterval } from "../lib/use-interval";

// Once per page life: coming back to "/" from another screen of the app does not offer it again.
let shownThisPageLife = false;

function anotherDialogOpen(): boolean {
  return document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null;
}

/** Watches the three exit-intent triggers of spec 001 §4 and opens the offer on the first one. */
function useExitIntent(open: () => void) {
  const [watching, setWatching] = useState(!shownThisPageLife);
  const startedAt = useRef(Date.now());

  const consider = useCallback(
    (trigger: ExitIntentTrigger) => {
      const state = { alreadyShown: shownThisPageLife, anotherDialogOpen: anotherDialogOpen() };
      if (!shouldOpenExitIntent(trigger, state)) return;
      shownThisPageLife = true;
      setWatching(false);
      open();
    },
    [open],
  );

  useEffect(() => {
    if (!watching) return;
    const onMouseOut = (e: MouseEvent) => {
      // relatedTarget is null only when the pointer leaves the window itself.
      if (e.relatedTarget === null) consider({ kind: "mouseleave", clientY: e.clientY });
    };
    // A close attempt shows the offer without holding the visitor back with the browser's
    // "Leave site?" prompt, which would also fire on sign-in (a full-page visit to /api/login).
    const onBeforeUnload = () => consider({ kind: "beforeunload" });
    document.addEventListener("mouseout", onMouseOut);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("mouseout", onMouseOut);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [watching, consider]);

  // Checked every second, so an offer due while another dialog is open waits for it to close.
  useInterval(() => consider({ kind: "timer", elapsedMs: Date.now() - startedAt.current }), watching ? 1000 : null);
}

function Countdown() {
  const [seconds, setSeconds] = useState(OFFER_COUNTDOWN_SECONDS);
  useInterval(() => setSeconds(nextCountdown), seconds > 0 ? 1000 : null);
  return (
    <p className="mt-5 flex items-center justify-center gap-2 rounded-xl bg-amber-50 py-3 text-amber-950">
      <Timer className="h-5 w-5" aria-hidden />
      <span className="text-sm font-medium">{seconds > 0 ? "Offer ends in" : "Offer ended"}</span>
      <span role="timer" aria-label="Time left on the offer" className="text-xl font-extrabold tabular-nums">
        {formatCountdown(seconds)}
      </span>
    </p>
  );
}

/** spec 001 §2.2 and §4: the exit-intent offer with its 10-minute countdown and e-mail-gated sign-up. */
export function ExitIntentOffer() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const handingOffToSignup = useRef(false);
  useExitIntent(useCallback(() => setOpen(true), []));

  const claim = (e: FormEvent) => {
    e.preventDefault();
    // spec 001 §5: needs a non-empty e-mail; the address is not sent anywhere.
    if (!email.trim()) return;
    handingOffToSignup.current = true;
    setOpen(false);
    openAuthDialog("signup");
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        className="max-w-md text-center"
        onCloseAutoFocus={(e) => {
          // The sign-up dialog takes focus; don't pull it back to the page.
          if (handingOffToSignup.current) e.preventDefault();
          handingOffToSignup.current = false;
        }}
      >
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <Gift className="h-7 w-7" aria-hidden />
        </span>
        <DialogTitle className="mt-4 text-2xl text-balance">Wait! Your first month is on us</DialogTitle>
        <DialogDescription className="text-base">
          Start your 14-day free trial now and your first paid month of the Family Plan is free. No credit card needed.
        </DialogDescription>
        {open && <Countdown />}
        <form onSubmit={claim} className="mt-5 text-left">
          <Label htmlFor="exit-offer-email">Your e-mail address</Label>
          <Input
            id="exit-offer-email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            className="mt-1.5 h-11"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" size="lg" className="mt-4 w-full" disabled={!email.trim()}>
            Claim My Free Month
          </Button>
        </form>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="mt-3 rounded text-sm font-medium text-slate-600 underline underline-offset-2 hover:text-slate-900"
        >
          No thanks
        </button>
      </DialogContent>
    </Dialog>
  );
}
