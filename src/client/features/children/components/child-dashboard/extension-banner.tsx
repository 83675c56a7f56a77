import { Download, Puzzle } from "lucide-react";

/**
 * The server writes its own address into this download (src/server/modules/extension-download), so the
 * extension signs in here with no address to type.
 */
export const EXTENSION_DOWNLOAD_URL = "/downloads/pocketwise-extension.zip";

const INSTALL_STEPS = [
  "Download the extension and unzip the file.",
  "In Chrome, Edge or Brave, open chrome://extensions.",
  "Turn on Developer mode (top right).",
  "Click Load unpacked and choose the unzipped folder.",
  "Click the puzzle piece in the toolbar and pin Pocketwise.",
  "Open Pocketwise and sign in with a code from your parent's Family Dashboard (Create sign-in code).",
];

/** The child dashboard's invitation to the browser extension, with the steps a grown-up follows to add it. */
export function ExtensionBanner() {
  return (
    <section
      aria-labelledby="extension-title"
      className="flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-brand-700 to-brand-800 p-5 text-white sm:flex-row sm:items-start sm:p-6"
    >
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-white/15">
        <Puzzle className="h-6 w-6" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="extension-title" className="text-lg font-bold">
          Shop with the Pocketwise browser extension
        </h2>
        <p className="mt-1 text-sm text-brand-100">
          On a store's page, press Ask a parent: the item, price and link are filled in for you, and you see the answer
          right in your browser.
        </p>
        <h3 className="mt-4 text-sm font-semibold">How to add it (ask a grown-up to help)</h3>
        <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-sm text-brand-100">
          {INSTALL_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <a
        href={EXTENSION_DOWNLOAD_URL}
        download="pocketwise-extension.zip"
        className="inline-flex h-10 shrink-0 items-center justify-center gap-2 self-start rounded-full bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <Download className="h-4 w-4" aria-hidden />
        Download the extension
      </a>
    </section>
  );
}
