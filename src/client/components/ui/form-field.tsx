import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { FieldError, Label } from "./label";

/** The ids that tie a control to its label, hint and error message. */
export function fieldIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

/** The aria attributes a control needs to announce its hint and error. */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: string }) {
  const ids = fieldIds(id);
  const list = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(" ");
  return { "aria-describedby": list || undefined, "aria-invalid": error ? true : undefined };
}

/**
 * A labelled form row: label, the control (which should spread `describedBy(id, …)`), an optional
 * hint and the field's error message.
 */
export function FormField({
  id,
  label,
  required,
  hint,
  error,
  className,
  labelClassName,
  errorClassName,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** For a field drawn on a dark band (the newsletter): the label's colour and a light box behind the error. */
  labelClassName?: string;
  errorClassName?: string;
  children: ReactNode;
}) {
  const ids = fieldIds(id);
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
        {required && (
          <span className="text-red-700" aria-hidden>
            {" "}
            *
          </span>
        )}
      </Label>
      {children}
      {hint && (
        <p id={ids.hint} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && errorClassName ? (
        <div className={errorClassName}>
          <FieldError id={ids.error}>{error}</FieldError>
        </div>
      ) : (
        <FieldError id={ids.error}>{error}</FieldError>
      )}
    </div>
  );
}
