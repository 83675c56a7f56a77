/**
 * What a parent's list of a child's devices calls a remembered browser, read from its User-Agent: the
 * browser and the system ("Chrome on Windows"), enough to tell the family's devices apart. The order of the
 * checks matters, because Edge and Opera also say "Chrome", and Chrome also says "Safari".
 */
export function describeUserAgent(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([, pattern]) => pattern.test(ua))?.[0];
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : "A web browser");
}

const BROWSERS: [string, RegExp][] = [
  ["Edge", /\bEdg(e|A|iOS)?\//],
  ["Opera", /\bOPR\//],
  ["Samsung Internet", /\bSamsungBrowser\//],
  ["Firefox", /\b(Firefox|FxiOS)\//],
  ["Chrome", /\b(Chrome|CriOS|HeadlessChrome)\//],
  ["Safari", /\bVersion\/[\d.]+.*\bSafari\//],
];

const SYSTEMS: [string, RegExp][] = [
  ["iPhone", /\biPhone\b/],
  ["iPad", /\biPad\b/],
  ["Android", /\bAndroid\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["Windows", /\bWindows\b/],
  ["Mac", /\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];
