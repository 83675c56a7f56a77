/**
 * The in-page "Ask a parent" button (docs/decisions/143): placed only in the tab where the child opened
 * Pocketwise, in a closed shadow root so the page's scripts cannot reach it and its styles cannot reach
 * the page. The host is fixed to the corner, out of the page's flow, with its box set by inline
 * `!important` rules, which outrank the page's own stylesheets: the page's layout never moves.
 */
export const BUTTON_HOST_TAG = "pocketwise-ask";
export const BUTTON_TEXT = "Ask a parent";

const HOST_STYLE: [string, string][] = [
  ["all", "initial"],
  ["position", "fixed"],
  ["right", "16px"],
  ["bottom", "16px"],
  ["z-index", "2147483647"],
  ["display", "block"],
  ["margin", "0"],
  ["padding", "0"],
  ["border", "0"],
  ["transform", "none"],
];

const BUTTON_STYLE = `
button {
  all: initial;
  box-sizing: border-box;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 10px 18px;
  border-radius: 999px;
  background: #6d28d9;
  color: #ffffff;
  font: 600 15px/1.2 system-ui, -apple-system, "Segoe UI", sans-serif;
  box-shadow: 0 4px 14px rgba(15, 23, 42, 0.3);
  cursor: pointer;
}
button:hover { background: #5b21b6; }
button:focus-visible { outline: 3px solid #fbbf24; outline-offset: 2px; }
`;

/** Adds the button to `doc` and answers its host; `onPress` runs on a real click only. */
export function showAskButton(doc: Document, onPress: () => void): HTMLElement {
  const host = doc.createElement(BUTTON_HOST_TAG);
  for (const [property, value] of HOST_STYLE) host.style.setProperty(property, value, "important");
  const root = host.attachShadow({ mode: "closed" });
  const style = doc.createElement("style");
  style.textContent = BUTTON_STYLE;
  const button = doc.createElement("button");
  button.type = "button";
  button.textContent = BUTTON_TEXT;
  button.addEventListener("click", (event) => {
    // A click the page's script made up is not the child's.
    if (event.isTrusted) onPress();
  });
  root.append(style, button);
  doc.documentElement.append(host);
  return host;
}
