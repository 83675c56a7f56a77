import { AlertCircle } from "lucide-react";

export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </div>
  );
}

/** Why a form is missing for an account that signs in through an identity provider. */
export function ProviderNote({ children }: { children: string }) {
  return <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{children}</p>;
}
