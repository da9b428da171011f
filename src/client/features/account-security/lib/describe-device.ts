/**
 * A short name for the browser and system a user agent names ("Chrome on Windows"), so a person can tell their
 * sessions apart; the raw text stays available as a tooltip. Unknown agents are shown as they are, cut short.
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system)!;
  return userAgent.length > 40 ? `${userAgent.slice(0, 40)}…` : userAgent;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'], [/OPR\/|Opera/, 'Opera'], [/Firefox\//, 'Firefox'], [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrome\//, 'Chrome'], [/Safari\//, 'Safari'], [/curl\//, 'curl'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'], [/iPhone|iPad|iOS/, 'iOS'], [/Windows/, 'Windows'], [/Mac OS X|Macintosh/, 'macOS'], [/CrOS/, 'ChromeOS'], [/Linux/, 'Linux'],
];
