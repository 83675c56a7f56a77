/**
 * The few Chrome extension APIs Pocketwise uses, typed here rather than through @types/chrome (not a
 * dependency): reached through `chromeApi()` so no `chrome` global leaks into the rest of the project's types.
 */

export interface Tab {
  id?: number;
  url?: string;
  index?: number;
  windowId?: number;
}

export interface MessageSender {
  id?: string;
  tab?: Tab;
  /** The sending page's address: chrome-extension://{id}/popup.html for the popup, the page's for a content script. */
  url?: string;
}

export interface StorageChange {
  oldValue?: unknown;
  newValue?: unknown;
}

export interface Alarm {
  name: string;
}

export interface Chrome {
  runtime: {
    id: string;
    getURL(path: string): string;
    sendMessage(message: unknown): Promise<unknown>;
    onMessage: {
      addListener(
        listener: (message: unknown, sender: MessageSender, sendResponse: (response: unknown) => void) => boolean,
      ): void;
    };
    onInstalled: { addListener(listener: () => void): void };
    onStartup: { addListener(listener: () => void): void };
  };
  tabs: {
    query(query: { active: boolean; currentWindow: boolean }): Promise<Tab[]>;
    get(tabId: number): Promise<Tab>;
    /** The tab this extension page is shown in; undefined in the toolbar popup. */
    getCurrent(): Promise<Tab | undefined>;
    create(properties: { url: string; index?: number; openerTabId?: number; windowId?: number }): Promise<Tab>;
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
    onChanged: { addListener(listener: (changes: Record<string, StorageChange>, area: string) => void): void };
  };
  permissions: {
    contains(permissions: { origins: string[] }): Promise<boolean>;
    request(permissions: { origins: string[] }): Promise<boolean>;
  };
  alarms: {
    create(name: string, info: { periodInMinutes: number; delayInMinutes?: number }): Promise<void>;
    get(name: string): Promise<Alarm | undefined>;
    clear(name: string): Promise<boolean>;
    onAlarm: { addListener(listener: (alarm: Alarm) => void): void };
  };
  action: {
    disable(): Promise<void>;
    setBadgeText(details: { text: string }): Promise<void>;
    setBadgeBackgroundColor(details: { color: string }): Promise<void>;
    setTitle(details: { title: string }): Promise<void>;
    openPopup(options?: { windowId?: number }): Promise<void>;
  };
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
