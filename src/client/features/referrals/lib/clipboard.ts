/**
 * Copies text, preferring the asynchronous Clipboard API. Where it is missing or refused
 * (an insecure origin, an old browser, a denied permission) a selected off-screen textarea
 * and the legacy copy command are used instead. Resolves to whether the copy succeeded.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {}
  }
  return legacyCopy(text);
}

function legacyCopy(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  area.style.left = "-9999px";
  const active = document.activeElement as HTMLElement | null;
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {}
  area.remove();
  active?.focus();
  return copied;
}
