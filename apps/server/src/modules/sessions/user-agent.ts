// The device of a sign-in when the client names none (the web app signs in before it registers a device,
// and only registers one for push): read from the User-Agent, good enough for a person to recognise
// "Android · Chrome 131" in their list of signed-in devices. Unknown parts stay "".

export interface DeviceDescription {
  platform: string;
  model: string;
}

const PLATFORMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)|\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)|\b(?:Headless)?Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

/** Platform and model (a phone's model when the agent names it, else the browser and its major version). */
export function describeUserAgent(userAgent: string | undefined): DeviceDescription {
  const agent = (userAgent ?? '').slice(0, 512);
  const platform = PLATFORMS.find(([pattern]) => pattern.test(agent))?.[1] ?? '';
  return { platform, model: (androidModel(agent) ?? browserOf(agent)).slice(0, 120) };
}

/** "Linux; Android 14; Pixel 8 Build/…" → "Pixel 8" (modern Chrome reports "K" instead: no model). */
function androidModel(agent: string): string | null {
  const match = agent.match(/Android [\d.]+; ([^;)]+?)(?: Build\/[^;)]*)?[;)]/);
  const model = match?.[1]?.trim();
  return model && model !== 'K' && !/^(wv|Mobile|[a-z]{2}[-_][A-Za-z]{2})$/.test(model) ? model : null;
}

function browserOf(agent: string): string {
  for (const [pattern, name] of BROWSERS) {
    const match = agent.match(pattern);
    if (match) return `${name} ${match.slice(1).find((v) => v !== undefined) ?? ''}`.trim();
  }
  return '';
}
