/**
 * Which browser replay drives: `--browser PATH`, then the `FRAMES_BROWSER` and `CHROMIUM`
 * environment variables, then the usual install paths of Chromium and Chrome; and the
 * flags it is started with (quiet, fresh, headless unless asked otherwise).
 *
 * @module
 */

/** Where Chromium-family browsers are usually installed, per OS. */
export const WELL_KNOWN_BROWSERS: Readonly<Record<string, readonly string[]>> = {
  linux: [
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/snap/bin/chromium",
  ],
  darwin: [
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  ],
  windows: [
    "C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe",
    "C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe",
    "C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe",
  ],
};

/** What {@linkcode findBrowser} looks at; each defaults to the running machine. */
export interface FindBrowserOptions {
  /** `--browser PATH`, when given. */
  flag?: string;
  /** Environment lookup (default `Deno.env.get`). */
  env?: (name: string) => string | undefined;
  /** Whether a file exists (default: a stat that says it is a file). */
  exists?: (path: string) => boolean;
  /** Candidate paths (default: {@linkcode WELL_KNOWN_BROWSERS} for this OS). */
  candidates?: readonly string[];
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** The browser executable to launch; throws a `RangeError` naming the flags and variables. */
export function findBrowser(opts: FindBrowserOptions = {}): string {
  const exists = opts.exists ?? isFile;
  const env = opts.env ?? ((name: string) => Deno.env.get(name));
  const named: [string, string | undefined][] = [
    ["--browser", opts.flag],
    ["FRAMES_BROWSER", env("FRAMES_BROWSER")],
    ["CHROMIUM", env("CHROMIUM")],
  ];
  for (const [from, path] of named) {
    if (path === undefined || path === "") continue;
    if (!exists(path)) {
      throw new RangeError(`Cannot use browser "${path}" (from ${from}): no such file`);
    }
    return path;
  }
  const candidates = opts.candidates ?? WELL_KNOWN_BROWSERS[Deno.build.os] ?? [];
  const found = candidates.find(exists);
  if (found !== undefined) return found;
  throw new RangeError(
    `Cannot find a browser for replay: give --browser PATH (Chromium or Chrome) or --cdp URL of a running one, or set FRAMES_BROWSER or CHROMIUM; looked in ${
      candidates.join(", ") || "no usual places on this OS"
    }`,
  );
}

/** Chromium flags for a replay: no first-run, sync, updates or background traffic. */
export function launchArgs(opts: { headed: boolean; root: boolean }): string[] {
  return [
    ...(opts.headed ? [] : ["--headless"]),
    // Chromium refuses to start sandboxed as root; as any other user the sandbox stays.
    ...(opts.root ? ["--no-sandbox"] : []),
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
  ];
}
