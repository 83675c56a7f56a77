import { chromeApi } from "./chrome";

/**
 * The service worker: Pocketwise's button is enabled only on http(s) pages, the only ones the readers read
 * (declarativeContent needs no host permission and shows no warning). The popup's sign-in will keep the
 * child's bearer token in chrome.storage.local (spec "Asking from the store"); nothing else runs here.
 */
const chrome = chromeApi();

chrome.runtime.onInstalled.addListener(() => {
  void chrome.action.disable();
  chrome.declarativeContent.onPageChanged.removeRules(undefined, () => {
    chrome.declarativeContent.onPageChanged.addRules([
      {
        conditions: [new chrome.declarativeContent.PageStateMatcher({ pageUrl: { schemes: ["http", "https"] } })],
        actions: [new chrome.declarativeContent.ShowAction()],
      },
    ]);
  });
});
