import { chromeApi } from "./chrome";
import { createWorker } from "./worker";

/**
 * The service worker. Pocketwise's button is enabled only on http(s) pages, the only ones the readers read
 * (declarativeContent needs no host permission and shows no warning). The rest is worker.ts: the child's
 * token, calls to Pocketwise, the badge and the live status (docs/decisions/143).
 */
const chrome = chromeApi();
const worker = createWorker(chrome, (input, init) => fetch(input, init));

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
chrome.runtime.onMessage.addListener(worker.onMessage);
chrome.alarms.onAlarm.addListener((alarm) => void worker.onAlarm(alarm.name));
// Chrome stops an idle worker and starts it again for an event: each start shows the badge and listens
// again if something waits.
void worker.resume();
