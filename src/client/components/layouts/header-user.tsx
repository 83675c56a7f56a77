import { useState } from "react";
import { useLocation } from "wouter";
import type { useAuth } from "@/lib/auth";
import { cn } from "@/lib/cn";

export type HeaderUser = NonNullable<ReturnType<typeof useAuth>["user"]>;

function initialOf(user: HeaderUser) {
  return (user.firstName?.trim() || user.email).charAt(0).toUpperCase();
}

export function fullName(user: HeaderUser) {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}

export function Avatar({ user, className }: { user: HeaderUser; className?: string }) {
  const [broken, setBroken] = useState(false);
  if (user.profileImageUrl && !broken) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        onError={() => setBroken(true)}
        className={cn("h-9 w-9 rounded-full object-cover", className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        "flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800",
        className,
      )}
    >
      {initialOf(user)}
    </span>
  );
}

export function logOut() {
  window.location.href = "/api/logout";
}

/** Profile and Settings are sections of the Parent Center; scroll to them even when already there. */
export function useGoToSection() {
  const [, navigate] = useLocation();
  return (id: "profile" | "account") => {
    navigate(`/parent#${id}`);
    requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
  };
}
