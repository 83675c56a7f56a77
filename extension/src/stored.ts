import type { SignIn } from "./api";
import type { Ask } from "./asks";

/** What chrome.storage.local holds: the service worker writes it, the popup reads it and follows its changes. */
export interface Stored {
  signIn?: SignIn;
  /** The last server signed in to, kept after signing out so the popup offers it again. */
  server?: string;
  asks?: Ask[];
  /** A sentence for the sign-in screen after the server ended the sign-in. */
  notice?: string;
}

export const STORED_KEYS = ["signIn", "server", "asks", "notice"];
