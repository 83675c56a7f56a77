import { CircleCheck, Play } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { DEMO_EXPECTATIONS } from "./demo-expectations";

/** spec 001 §2.6: what happens after a demo request, with ways back to the site. */
export function DemoRequestThankYou({ firstName }: { firstName: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <div className="text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <CircleCheck className="h-8 w-8" aria-hidden />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 focus:outline-none">
        Thank you, {firstName}! Your demo is requested.
      </h2>
      <p className="mt-2 text-slate-600">We'll contact you within 24 hours to confirm your demo time.</p>
      <div className="mx-auto mt-6 max-w-md rounded-xl bg-slate-50 p-5 text-left">
        <h3 className="font-semibold text-slate-900">What to expect</h3>
        <ul className="mt-3 space-y-2">
          {DEMO_EXPECTATIONS.map((item) => (
            <li key={item} className="flex items-start gap-2 text-slate-700">
              <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
              {item}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          Back to Home
        </Link>
        <Link href="/demo" className={buttonVariants()}>
          <Play aria-hidden />
          Try the Interactive Demo
        </Link>
      </div>
    </div>
  );
}
