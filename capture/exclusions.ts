/**
 * Capture exclusions (SPEC §9): apps, window-title patterns, URL patterns and private
 * browser windows whose content the engine withholds. An excluded period is still written
 * as a row (so its time is accounted for) with app `(excluded)`, a title naming the kind
 * of rule (`withheld: app rule`) and no URL; its input events keep their counts only.
 *
 * The rules live under `exclude` in `$FRAMES_HOME/capture.json`:
 *
 * ```json
 * { "exclude": { "apps": ["KeePassXC"], "titles": ["*bank*"], "urls": ["*://*.bank.com/*"],
 *   "private_windows": true } }
 * ```
 *
 * A pattern is a case-insensitive glob over the whole string (`*` any run, `?` one
 * character) or a regular expression written `/…/flags`. App patterns match the app name
 * and its aliases (WM_CLASS instance and class, process name, bundle id).
 *
 * @module
 */

// The row format of a withheld row is vocabulary: the compiler counts such rows too.
export { EXCLUDED_APP, withheldTitle } from "../src/model.ts";
export type { ExclusionKind } from "../src/model.ts";
import type { ExclusionKind } from "../src/model.ts";

/** The rules as written in the config file. */
export interface ExclusionRules {
  apps: string[];
  titles: string[];
  urls: string[];
  /** Private and incognito windows are withheld (default true). */
  privateWindows: boolean;
}

/** What a rule is checked against. */
export interface ExclusionSubject {
  app: string;
  aliases?: readonly string[];
  title?: string;
  url?: string;
  /** The window is known to be private (an extension's incognito flag, a backend's). */
  private?: boolean;
}

/** Compiled rules. */
export interface Exclusions {
  readonly rules: ExclusionRules;
  /** The kind of the first rule that matches (app, private, title, url), if any. */
  match(subject: ExclusionSubject): ExclusionKind | undefined;
}

/** Titles browsers give private windows (Chromium, Firefox, Edge). */
const PRIVATE_TITLES = [/\(Incognito\)\s*$/i, /Private Browsing\s*$/i, /\bInPrivate\b/];

/** Turn one pattern into a whole-string, case-insensitive matcher. */
export function compilePattern(pattern: string): RegExp {
  const re = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  if (re !== null) {
    try {
      return new RegExp(re[1], re[2]);
    } catch (err) {
      throw new SyntaxError(`Invalid exclusion pattern ${pattern}: ${(err as Error).message}`);
    }
  }
  let src = "";
  for (const ch of pattern) {
    if (ch === "*") src += ".*";
    else if (ch === "?") src += ".";
    else src += ch.replace(/[.+^${}()|[\]\\/-]/g, "\\$&");
  }
  return new RegExp(`^${src}$`, "is");
}

/** Compile rules; throws `SyntaxError` naming a bad pattern. */
export function compileExclusions(rules: Partial<ExclusionRules> = {}): Exclusions {
  const full: ExclusionRules = {
    apps: [...rules.apps ?? []],
    titles: [...rules.titles ?? []],
    urls: [...rules.urls ?? []],
    privateWindows: rules.privateWindows ?? true,
  };
  const apps = full.apps.map(compilePattern);
  const titles = full.titles.map(compilePattern);
  const urls = full.urls.map(compilePattern);
  return {
    rules: full,
    match(s) {
      const names = [s.app, ...s.aliases ?? []];
      if (apps.some((re) => names.some((n) => re.test(n)))) return "app";
      if (full.privateWindows) {
        if (s.private === true) return "private";
        if (s.title !== undefined && PRIVATE_TITLES.some((re) => re.test(s.title!))) {
          return "private";
        }
      }
      if (s.title !== undefined && titles.some((re) => re.test(s.title!))) return "title";
      if (s.url !== undefined && urls.some((re) => re.test(s.url!))) return "url";
      return undefined;
    },
  };
}

/**
 * Read the `exclude` object of a parsed config file; throws `TypeError` with the offending
 * key when the shape is wrong.
 */
export function parseExclusionRules(value: unknown, where: string): Partial<ExclusionRules> {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(`Cannot read ${where}: "exclude" must be an object`);
  }
  const v = value as Record<string, unknown>;
  const known = new Set(["apps", "titles", "urls", "private_windows"]);
  for (const k of Object.keys(v)) {
    if (!known.has(k)) {
      throw new TypeError(
        `Cannot read ${where}: unknown key "exclude.${k}" (use apps, titles, urls, private_windows)`,
      );
    }
  }
  function list(key: string): string[] | undefined {
    const x = v[key];
    if (x === undefined) return undefined;
    if (!Array.isArray(x) || x.some((s) => typeof s !== "string")) {
      throw new TypeError(`Cannot read ${where}: "exclude.${key}" must be a list of strings`);
    }
    return x as string[];
  }
  const pw = v.private_windows;
  if (pw !== undefined && typeof pw !== "boolean") {
    throw new TypeError(`Cannot read ${where}: "exclude.private_windows" must be true or false`);
  }
  return { apps: list("apps"), titles: list("titles"), urls: list("urls"), privateWindows: pw };
}
