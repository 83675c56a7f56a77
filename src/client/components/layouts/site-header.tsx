import { Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { BrandMark } from "@/components/ui/brand-mark";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth";
import { openAuthDialog, useAuthDialogState } from "@/lib/auth-dialog";
import { cn } from "@/lib/cn";
import { Avatar, fullName, type HeaderUser, logOut, useGoToSection } from "./header-user";

// Only signed-in parents have an account menu; its menu primitives stay out of a visitor's download.
const AccountMenu = lazy(() => import("./account-menu").then((m) => ({ default: m.AccountMenu })));

// The dialog loads on first use, keeping it out of the landing page's first download.
const AuthDialog = lazy(() =>
  import("@/features/auth/components/auth-dialog").then((m) => ({ default: m.AuthDialog })),
);

/** Mounts the sign-in dialog once it has been opened, and keeps it mounted so it can close smoothly. */
function LazyAuthDialog() {
  const { open } = useAuthDialogState();
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted && !open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}

// spec 000 §9: header scroll threshold and logo glow period.
export const SCROLL_THRESHOLD_PX = 50;
export const LOGO_GLOW_PERIOD_MS = 2000;

const VISITOR_LINKS = [
  { href: "/#features", label: "Features" },
  { href: "/#pricing", label: "Pricing" },
  { href: "/#safety", label: "Safety" },
] as const;

const PARENT_LINKS = [
  { href: "/", label: "Dashboard" },
  { href: "/parent", label: "Parent Center" },
] as const;

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return scrolled;
}

function useToggle(periodMs: number) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const id = setInterval(() => setOn((v) => !v), periodMs);
    return () => clearInterval(id);
  }, [periodMs]);
  return on;
}

function Logo() {
  const glow = useToggle(LOGO_GLOW_PERIOD_MS);
  return (
    <Link href="/" className="flex items-center gap-2 rounded-lg text-lg font-extrabold tracking-tight text-slate-900">
      <BrandMark glow={glow} />
      <span>Pocketwise</span>
      <span className="sr-only">, home</span>
    </Link>
  );
}

const navLinkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

function MobileMenu({ user, onClose }: { user: HeaderUser | null; onClose: () => void }) {
  const goToSection = useGoToSection();
  const mobileLinkClass =
    "block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";
  return (
    <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 md:hidden">
      {user ? (
        <>
          <div className="flex items-center gap-3 px-3 py-3">
            <Avatar user={user} />
            <div className="min-w-0">
              {fullName(user) && <p className="truncate text-sm font-semibold text-slate-900">{fullName(user)}</p>}
              <p className="truncate text-sm text-slate-600">{user.email}</p>
            </div>
          </div>
          {PARENT_LINKS.map((l) => (
            <Link key={l.href} href={l.href} className={mobileLinkClass} onClick={onClose}>
              {l.label}
            </Link>
          ))}
          {(
            [
              ["profile", "Profile"],
              ["account", "Settings"],
            ] as const
          ).map(([id, label]) => (
            <a
              key={id}
              href={`/parent#${id}`}
              className={mobileLinkClass}
              onClick={(e) => {
                e.preventDefault();
                onClose();
                goToSection(id);
              }}
            >
              {label}
            </a>
          ))}
          <button type="button" className={cn(mobileLinkClass, "w-full text-left")} onClick={logOut}>
            Log out
          </button>
        </>
      ) : (
        <>
          {VISITOR_LINKS.map((l) => (
            <a key={l.href} href={l.href} className={mobileLinkClass} onClick={onClose}>
              {l.label}
            </a>
          ))}
          <Button
            className="mt-2 w-full"
            size="lg"
            onClick={() => {
              onClose();
              openAuthDialog("signup");
            }}
          >
            Get Started Free
          </Button>
        </>
      )}
    </nav>
  );
}

/**
 * spec 001 §2.2 "Top bar" and spec 000 §2 "Site header". `minimal` shows only the logo, for a child
 * signed in on their own device, who has no use for sign-up offers or the parent's menu.
 */
export function SiteHeader({ minimal = false }: { minimal?: boolean }) {
  const { user, isLoading } = useAuth();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [location] = useLocation();

  // A route change from anywhere (a link in the page, the back button) should not leave the menu open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not an input
  useEffect(() => setMobileOpen(false), [location]);

  // Escape closes the open menu and hands focus back to the button that opened it.
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMobileOpen(false);
      document.querySelector<HTMLButtonElement>('[aria-controls="mobile-menu"]')?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [mobileOpen]);

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        "sticky top-0 z-40 w-full border-b transition-[background-color,box-shadow,border-color] duration-200",
        scrolled ? "border-slate-200 bg-white shadow-md" : "border-transparent bg-white/85 backdrop-blur",
      )}
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:ring-2 focus:ring-brand-600"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        {!minimal && (
          <HeaderNavigation
            user={user}
            isLoading={isLoading}
            location={location}
            mobileOpen={mobileOpen}
            onToggleMobile={() => setMobileOpen((v) => !v)}
          />
        )}
      </div>
      {!minimal && mobileOpen && <MobileMenu user={user} onClose={() => setMobileOpen(false)} />}
      <LazyAuthDialog />
    </header>
  );
}

function HeaderNavigation({
  user,
  isLoading,
  location,
  mobileOpen,
  onToggleMobile,
}: {
  user: ReturnType<typeof useAuth>["user"];
  isLoading: boolean;
  location: string;
  mobileOpen: boolean;
  onToggleMobile: () => void;
}) {
  return (
    <>
      <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
        {user
          ? PARENT_LINKS.map((l) => (
              <Link
                key={l.href}
                href={l.href}
                className={cn(navLinkClass, location === l.href && "bg-brand-50 text-brand-800")}
                aria-current={location === l.href ? "page" : undefined}
              >
                {l.label}
              </Link>
            ))
          : VISITOR_LINKS.map((l) => (
              <a key={l.href} href={l.href} className={navLinkClass}>
                {l.label}
              </a>
            ))}
      </nav>
      <div className="flex items-center gap-2">
        {user ? (
          <div className="hidden md:block">
            <Suspense fallback={<Avatar user={user} />}>
              <AccountMenu user={user} />
            </Suspense>
          </div>
        ) : (
          <Button
            className={cn("hidden md:inline-flex", isLoading && "invisible")}
            onClick={() => openAuthDialog("signup")}
          >
            Get Started Free
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? "Close menu" : "Open menu"}
          onClick={onToggleMobile}
        >
          {mobileOpen ? <X className="!size-6" aria-hidden /> : <Menu className="!size-6" aria-hidden />}
        </Button>
      </div>
    </>
  );
}
