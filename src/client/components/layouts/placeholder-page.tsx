import { Link } from "wouter";

/** A plain page for screens that are not built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">This page is on its way.</p>
      <Link href="/" className="mt-6 inline-block font-medium text-brand-700 underline">
        Back to Home
      </Link>
    </main>
  );
}
