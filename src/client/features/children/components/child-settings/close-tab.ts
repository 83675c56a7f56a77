/**
 * spec 000 §2 and §4: the settings tab closes itself. Browsers only let a script close a tab that a
 * script (or a link to a new tab) opened; when the browser refuses, `fallback` runs instead.
 */
export function closeTabOr(fallback: () => void) {
  window.close();
  // A refused close leaves the page running; a granted one never reaches the timer.
  setTimeout(() => {
    if (!window.closed) fallback();
  }, 100);
}
