/**
 * The few Chrome extension APIs Pocketwise uses, typed here rather than through @types/chrome (not a
 * dependency): reached through `chromeApi()` so no `chrome` global leaks into the rest of the project's types.
 */

export interface Tab {
  id?: number;
  url?: string;
}

export interface MessageSender {
  id?: string;
  tab?: Tab;
}

export interface Chrome {
  runtime: {
    id: string;
    onMessage: {
      addListener(
        listener: (message: unknown, sender: MessageSender, sendResponse: (response: unknown) => void) => boolean,
      ): void;
    };
    onInstalled: { addListener(listener: () => void): void };
  };
  tabs: {
    query(query: { active: boolean; currentWindow: boolean }): Promise<Tab[]>;
    sendMessage(tabId: number, message: unknown): Promise<unknown>;
  };
  scripting: {
    executeScript(injection: { target: { tabId: number }; files: string[] }): Promise<unknown[]>;
  };
  storage: {
    local: {
      get(keys: string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(keys: string[]): Promise<void>;
    };
  };
  action: { disable(): Promise<void> };
  declarativeContent: {
    onPageChanged: {
      removeRules(ruleIds: undefined, callback: () => void): void;
      addRules(rules: { conditions: unknown[]; actions: unknown[] }[]): void;
    };
    PageStateMatcher: new (options: { pageUrl: { schemes: string[] } }) => unknown;
    ShowAction: new () => unknown;
  };
}

export const chromeApi = (): Chrome => (globalThis as unknown as { chrome: Chrome }).chrome;
