import { showAskButton } from "./ask-button";
import { chromeApi } from "./chrome";
import { isReaderMessage } from "./messages";
import { readProduct } from "./readers/product";
import { readStoreCart } from "./store-cart";

/**
 * Injected into the active tab by the popup (activeTab + scripting, no host permissions), so it runs only
 * when the child opens Pocketwise on a page, and reads only when the popup asks. Once it has read a
 * product it puts the "Ask a parent" button on the page, which opens the popup's form again after the
 * popup closed. Injected twice (the popup opened again), it listens once: the flag lives in the
 * extension's isolated world, where the page cannot set it.
 */
const scope = globalThis as { pocketwiseReader?: true };
if (!scope.pocketwiseReader) {
  scope.pocketwiseReader = true;
  const chrome = chromeApi();
  let button: HTMLElement | null = null;
  chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id || !isReaderMessage(message)) return false;
    if (message.type === "pocketwise:read-product") {
      const result = readProduct(document, location.href);
      if (result.ok && !button?.isConnected) {
        button = showAskButton(document, () => void chrome.runtime.sendMessage({ type: "pocketwise:open-ask" }));
      }
      sendResponse(result);
      return false;
    }
    readStoreCart(document, location.href).then(sendResponse);
    // Kept open for the asynchronous answer.
    return true;
  });
}
