import {
  CONSENT_MESSAGES,
  type ConsentDraft,
  MAX_CHILD_AGE,
  MIN_CHILD_AGE,
  needsVerifiableConsent,
  parseChildAge,
  RELATIONSHIPS,
} from "@shared/rules/consent-steps";
import { CircleCheck, Info, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Controller } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { CONSENT_OPTIONS, nextSteps, PARENT_RIGHTS, VERIFICATION_OPTIONS } from "../consent-copy";
import type { ConsentForm } from "../consent-form";

/**
 * `form` holds the answers; its messages appear once the parent has left a box (react-hook-form's "onTouched"),
 * so nothing turns red before they type. `draft` is what is entered now, for what follows it live.
 */
export interface StepProps<Out = unknown> {
  form: ConsentForm<Out>;
  draft: ConsentDraft;
}

function Notice({ tone, title, children }: { tone: "warning" | "info"; title: string; children: string }) {
  const Icon = tone === "warning" ? ShieldAlert : Info;
  return (
    <div
      className={cn(
        "flex gap-3 rounded-xl border p-4",
        tone === "warning" ? "border-amber-300 bg-amber-50 text-amber-950" : "border-sky-300 bg-sky-50 text-sky-950",
      )}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm">{children}</p>
      </div>
    </div>
  );
}

export function ChildInfoStep<Out>({ form, draft }: StepProps<Out>) {
  // spec 001 §2.4: the notice follows any typed age (under 13 or not); the field's own error says when it is
  // outside 8-16, and Continue stays off until it is within.
  const typed = String(draft.childAge ?? "").trim();
  const age = /^\d+$/.test(typed) ? Number(typed) : null;
  // An age typed outside the range says so at once, since Continue is already off because of it.
  const outOfRange = age !== null && (age < MIN_CHILD_AGE || age > MAX_CHILD_AGE);
  const error = form.formState.errors.childAge?.message ?? (outOfRange ? CONSENT_MESSAGES.childAge : undefined);
  return (
    <div className="grid gap-5">
      <FormField
        id="childAge"
        label="Child's age"
        required
        hint={`Pocketwise is designed for children aged ${MIN_CHILD_AGE} to ${MAX_CHILD_AGE}.`}
        error={error}
        className="max-w-xs"
      >
        <Controller
          control={form.control}
          name="childAge"
          render={({ field }) => (
            <Input
              id="childAge"
              inputMode="numeric"
              autoComplete="off"
              maxLength={2}
              name={field.name}
              ref={field.ref}
              value={String(field.value ?? "")}
              onChange={(e) => field.onChange(e.target.value.replace(/\D/g, ""))}
              onBlur={field.onBlur}
              aria-required
              {...describedBy("childAge", { hint: true, error })}
            />
          )}
        />
      </FormField>
      <div aria-live="polite">
        {age !== null &&
          (needsVerifiableConsent(age) ? (
            <Notice tone="warning" title="COPPA Compliance Required">
              Because your child is under 13, the Children's Online Privacy Protection Act requires us to verify that
              you are their parent or guardian before we collect any of their information. You'll choose how in the next
              step.
            </Notice>
          ) : (
            <Notice tone="info" title="Parental Supervision Recommended">
              Teens aged 13 to 16 can use Pocketwise under your supervision. You'll still set their budget and approve
              their purchases.
            </Notice>
          ))}
      </div>
    </div>
  );
}

/** Step 1 for one of the parent's children: the child is known, so the step shows them instead of asking. */
export function ChildSummaryStep({ child }: { child: { name: string; age: number } }) {
  return (
    <div className="grid gap-5">
      <dl className="grid gap-1 rounded-xl border border-slate-200 p-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <dt className="text-sm text-slate-600">Child</dt>
        <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{child.name}</dd>
        <dt className="text-sm text-slate-600">Age</dt>
        <dd className="font-medium text-slate-900">{child.age}</dd>
      </dl>
      <Notice tone="warning" title="COPPA Compliance Required">
        {`Because ${child.name} is under 13, the Children's Online Privacy Protection Act requires us to verify that you are their parent or guardian before ${child.name} can sign in. You'll choose how in the next step.`}
      </Notice>
    </div>
  );
}

function RadioCard({
  value,
  checked,
  title,
  text,
  describedById,
  ...input
}: ReturnType<ConsentForm["register"]> & {
  value: string;
  /** Drawn from the form's value; the input itself is the form's. */
  checked: boolean;
  title: string;
  text?: string;
  describedById?: string;
}) {
  const id = `${input.name}-${value}`;
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex items-start gap-3 rounded-xl border p-3.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600",
        input.disabled
          ? "cursor-not-allowed border-slate-200 bg-slate-50"
          : checked
            ? "cursor-pointer border-brand-700 bg-brand-50"
            : "cursor-pointer border-slate-300 bg-white hover:bg-slate-50",
      )}
    >
      <input
        id={id}
        type="radio"
        value={value}
        checked={checked}
        {...input}
        aria-describedby={describedById}
        className="mt-1 h-4 w-4 accent-brand-700"
      />
      <span>
        <span className="block font-medium text-slate-900">{title}</span>
        {text && <span className="block text-sm text-slate-600">{text}</span>}
      </span>
    </label>
  );
}

export function ParentStep<Out>({
  form,
  draft,
  coppa: coppaFor,
  cardUnavailable,
}: StepProps<Out> & {
  /** Whether to ask for a method; by default the typed age decides. */
  coppa?: boolean;
  /** Why the card check cannot be chosen on this server (it takes no payments), when it cannot. */
  cardUnavailable?: string;
}) {
  const age = parseChildAge(draft.childAge);
  const coppa = coppaFor ?? (age !== null && needsVerifiableConsent(age));
  const { errors } = form.formState;
  const fieldError = (field: "fullName" | "email" | "phone") => errors[field]?.message;
  const relationshipError = errors.relationship?.message;
  const methodError = errors.verificationMethod?.message;
  const text = (field: "fullName" | "email" | "phone") => ({
    ...form.register(field),
    "aria-required": true,
    ...describedBy(field, { error: fieldError(field) }),
  });
  return (
    <div className="grid gap-5">
      <FormField id="fullName" label="Full legal name" required error={fieldError("fullName")}>
        <Input id="fullName" autoComplete="name" {...text("fullName")} />
      </FormField>
      <fieldset aria-describedby={relationshipError ? "relationship-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          Relationship to the child{" "}
          <span className="text-red-700" aria-hidden>
            *
          </span>
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {RELATIONSHIPS.map((r) => (
            <RadioCard
              key={r}
              {...form.register("relationship")}
              value={r}
              checked={draft.relationship === r}
              title={r === "parent" ? "Parent" : "Legal guardian"}
            />
          ))}
        </div>
        {relationshipError && (
          <p id="relationship-error" className="mt-1.5 text-sm font-medium text-red-700" role="alert">
            {relationshipError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="email" label="E-mail" required error={fieldError("email")}>
          <Input id="email" type="email" inputMode="email" autoComplete="email" {...text("email")} />
        </FormField>
        <FormField id="phone" label="Phone" required error={fieldError("phone")}>
          <Input id="phone" type="tel" autoComplete="tel" {...text("phone")} />
        </FormField>
      </div>
      {coppa && (
        <fieldset aria-describedby={methodError ? "verificationMethod-error" : "verificationMethod-hint"}>
          <legend className="text-sm font-medium text-slate-800">
            Verification method{" "}
            <span className="text-red-700" aria-hidden>
              *
            </span>
          </legend>
          <p id="verificationMethod-hint" className="mt-1 text-sm text-slate-600">
            For children under 13 we must verify that you are the parent or guardian.
          </p>
          <div className="mt-2 grid gap-2">
            {VERIFICATION_OPTIONS.map((o) => {
              const unavailable = o.id === "credit-card" ? cardUnavailable : undefined;
              return (
                <RadioCard
                  key={o.id}
                  {...form.register("verificationMethod")}
                  // On the input only: RHF's own `disabled` would clear the whole group's value.
                  disabled={unavailable !== undefined}
                  value={o.id}
                  checked={draft.verificationMethod === o.id}
                  title={o.title}
                  text={unavailable ? `${o.text} ${unavailable}` : o.text}
                />
              );
            })}
          </div>
          {methodError && (
            <p id="verificationMethod-error" className="mt-1.5 text-sm font-medium text-red-700" role="alert">
              {methodError}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}

type ConsentOption = (typeof CONSENT_OPTIONS)[number];

/** One consent box; `optional` ones carry no asterisk and no message. */
function ConsentChoice<Out>({
  form,
  option: o,
  optional,
}: {
  form: ConsentForm<Out>;
  option: ConsentOption;
  optional: boolean;
}) {
  const id = `consent-${o.id}`;
  const error = optional || o.id === "marketing" ? undefined : form.formState.errors[o.id]?.message;
  return (
    <li className="rounded-xl border border-slate-200 p-3.5">
      <div className="flex items-start gap-3">
        <Controller
          control={form.control}
          name={o.id}
          render={({ field }) => (
            <Checkbox
              id={id}
              className="mt-0.5"
              ref={field.ref}
              checked={field.value === true}
              // A checkbox has no blur worth waiting for: a required consent says so once it is unticked.
              onCheckedChange={(checked) =>
                form.setValue(o.id, checked === true, { shouldTouch: true, shouldValidate: true })
              }
              onBlur={field.onBlur}
              aria-describedby={`${id}-text${error ? ` ${id}-error` : ""}`}
              aria-required={!optional}
            />
          )}
        />
        <div>
          <Label htmlFor={id}>
            {o.title}
            {!optional && (
              <span className="text-red-700" aria-hidden>
                {" "}
                *
              </span>
            )}
          </Label>
          <p id={`${id}-text`} className="text-sm text-slate-600">
            {o.text}
          </p>
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * `thirdPartyOptional`: consent given for one of the parent's children asks about disclosure to third parties
 * as a separate choice the parent may decline (docs/decisions/160); the visitor's form keeps the spec's four boxes.
 */
export function ConsentStep<Out>({
  form,
  thirdPartyOptional = false,
}: StepProps<Out> & { thirdPartyOptional?: boolean }) {
  const thirdParty = CONSENT_OPTIONS.find((o) => o.id === "thirdParty");
  const main = thirdPartyOptional ? CONSENT_OPTIONS.filter((o) => o.id !== "thirdParty") : CONSENT_OPTIONS;
  return (
    <div className="grid gap-6">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">I give my consent to:</legend>
        <ul className="mt-2 grid gap-2">
          {main.map((o) => (
            <ConsentChoice key={o.id} form={form} option={o} optional={o.id === "marketing"} />
          ))}
        </ul>
      </fieldset>
      {thirdPartyOptional && thirdParty && (
        <fieldset aria-describedby="third-party-hint">
          <legend className="text-sm font-medium text-slate-800">Disclosure to third parties (optional)</legend>
          <p id="third-party-hint" className="mt-1 text-sm text-slate-600">
            A separate choice: you can say no and still give your consent above.
          </p>
          <ul className="mt-2 grid gap-2">
            <ConsentChoice form={form} option={thirdParty} optional />
          </ul>
        </fieldset>
      )}
      <section aria-labelledby="rights-heading" className="rounded-xl bg-slate-50 p-4">
        <h3 id="rights-heading" className="font-semibold text-slate-900">
          Your rights as a parent
        </h3>
        <ul className="mt-2 grid gap-1.5 sm:grid-cols-2">
          {PARENT_RIGHTS.map((right) => (
            <li key={right} className="flex items-start gap-2 text-sm text-slate-700">
              <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
              {right}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function NextStepsList({ underThirteen, steps }: { underThirteen: boolean; steps?: string[] }) {
  return (
    <ol className="grid gap-2">
      {(steps ?? nextSteps(underThirteen)).map((text, i) => (
        <li key={text} className="flex items-start gap-3 text-slate-700">
          <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white">
            {i + 1}
          </span>
          {text}
        </li>
      ))}
    </ol>
  );
}

export function ConfirmStep({
  draft,
  agreed,
  onAgree,
  child,
  steps,
  signature,
}: {
  draft: ConsentDraft;
  agreed: boolean;
  onAgree: (agreed: boolean) => void;
  /** The child the consent is for, when the parent gives it for one of their children. */
  child?: { name: string; age: number };
  /** What happens next, when it is not the visitor's list for the age. */
  steps?: string[];
  /** The signature box, above the agreement, for the methods a person reviews. */
  signature?: ReactNode;
}) {
  const age = child?.age ?? parseChildAge(draft.childAge) ?? 0;
  const coppa = child !== undefined || needsVerifiableConsent(age);
  const method = VERIFICATION_OPTIONS.find((o) => o.id === draft.verificationMethod);
  const given = CONSENT_OPTIONS.filter((o) => draft[o.id]).map((o) => o.title.replace(" (optional)", ""));
  const rows: [string, string][] = [
    child ? ["Child", `${child.name}, age ${child.age}`] : ["Child's age", String(age)],
    [
      "Parent or guardian",
      `${draft.fullName.trim()} (${draft.relationship === "guardian" ? "legal guardian" : "parent"})`,
    ],
    ["E-mail", draft.email.trim()],
    ["Phone", draft.phone.trim()],
    ...(coppa && method ? ([["Verification", method.title]] as [string, string][]) : []),
    ["Consent given to", given.join(", ")],
  ];
  return (
    <div className="grid gap-6">
      <section aria-labelledby="summary-heading">
        <h3 id="summary-heading" className="font-semibold text-slate-900">
          Summary
        </h3>
        <dl className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {rows.map(([k, v]) => (
            <div key={k} className="grid gap-1 p-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
              <dt className="text-sm text-slate-600">{k}</dt>
              <dd className="break-words font-medium text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="next-heading">
        <h3 id="next-heading" className="font-semibold text-slate-900">
          What happens next
        </h3>
        <div className="mt-2">
          <NextStepsList underThirteen={coppa} steps={steps} />
        </div>
      </section>
      {signature}
      <div className="flex items-start gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4">
        <Checkbox
          id="agreement"
          className="mt-0.5"
          checked={agreed}
          onCheckedChange={(checked) => onAgree(checked === true)}
        />
        <Label htmlFor="agreement" className="font-normal leading-relaxed">
          I confirm that I am the parent or legal guardian of this child, that I am 18 or older, and that the
          information above is accurate. I agree to the <NewTabLink href="/terms">Terms of Service</NewTabLink> and{" "}
          <NewTabLink href="/privacy">Privacy Policy</NewTabLink>.
        </Label>
      </div>
    </div>
  );
}

/** Opens beside the wizard so reading the policy never loses what the parent entered. */
function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="font-medium text-brand-700 underline underline-offset-2">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
