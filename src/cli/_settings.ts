/**
 * Settings resolution shared by every command: flags > environment > config file >
 * defaults (FRAMES_SOURCE, FRAMES_TZ, FRAMES_HOME; `$FRAMES_HOME/config.json`).
 *
 * @module
 */

import { exists, join } from "../file_path.ts";
import { DEFAULT_CONTEXT_BUDGET, DEFAULT_MIN_MINUTES } from "../compile/rules.ts";
import { isValidTimeZone } from "../compile/time.ts";
import { LIMITS, numberFlag, type NumberRule } from "./_numbers.ts";
import { UsageError } from "./usage_error.ts";

/** The config file's recognised keys (all optional). */
export interface ConfigFile {
  source?: string;
  tz?: string;
  min_minutes?: number;
  budget?: number;
  /** Display geometry for click resolution, as `--displays` takes it. */
  displays?: string;
  /** Keep URLs and titles redacted in the native store too (capture and `frames import`). */
  redact_store?: boolean;
}

/** Resolved settings every command starts from. */
export interface Settings {
  home: string;
  /** The user's home directory (for source discovery). */
  userHome: string;
  source: string | undefined;
  tz: string;
  /** Where the timezone came from: flag, env, config or system. */
  tzFrom: "flag" | "env" | "config" | "system";
  minMinutes: number;
  budget: number;
  /** Display geometry (`NAME=WxH+X+Y[@SCALE],…`) when the source records none. */
  displays: string | undefined;
  /** Write URLs and titles into the native store redacted (`redact_store`, default false). */
  redactStore: boolean;
}

/** Flags that override settings. */
export interface SettingsFlags {
  source?: string;
  tz?: string;
  minMinutes?: string;
  budget?: string;
  displays?: string;
}

// Node's homedir() (the password database) is asked only where HOME is unset: loading
// node:os starts Node compatibility, ~10 ms of every cold command.
const nodeHomedir = Deno.env.get("HOME") === undefined
  ? (await import("node:os")).homedir
  : undefined;

// The config file's validator (ajv, ~30 ms to load) is loaded only when a config file is
// there to check: most runs have none, and `frames compile` should not pay for it.
let configProblem: ((value: unknown) => string | undefined) | undefined;

/** The environment variables settings read. */
export type SettingsVariable = "FRAMES_HOME" | "FRAMES_SOURCE" | "FRAMES_TZ";

// `deno test --parallel` runs every test file in one process, whose environment all of them
// share: a file that set FRAMES_HOME would move another file's home in the middle of its
// run. A test pins its own values instead; module state is per test file (per isolate).
let pinned: Readonly<Partial<Record<SettingsVariable, string>>> | undefined;

/**
 * Test hook: settings read FRAMES_HOME, FRAMES_SOURCE and FRAMES_TZ from `values` (a name
 * left out is unset) instead of the process environment, in this isolate only.
 */
export function pinSettingsEnvironment(values: Partial<Record<SettingsVariable, string>>): void {
  pinned = { ...values };
}

function variable(name: SettingsVariable): string | undefined {
  return pinned === undefined ? Deno.env.get(name) : pinned[name];
}

function homes(): { userHome: string; home: string } {
  const userHome = Deno.env.get("HOME") ?? (nodeHomedir ?? (() => ""))();
  return { userHome, home: variable("FRAMES_HOME") || join(userHome, ".frames") };
}

/**
 * Loads the config file's validator when `$FRAMES_HOME/config.json` exists (or always, for
 * a long-running server whose config file may appear later); the command table awaits it
 * before a command runs, so {@linkcode resolveSettings} can stay synchronous.
 */
export async function prepareSettings(opts: { always?: boolean } = {}): Promise<void> {
  if (configProblem !== undefined) return;
  if (opts.always !== true && !exists(join(homes().home, "config.json"))) return;
  configProblem = (await import("./_config_schema.ts")).configProblem;
}

function readConfig(home: string): ConfigFile {
  const path = join(home, "config.json");
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return {};
    throw new Error(`Cannot read config file "${path}": ${(err as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`Cannot read config file "${path}": ${(err as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new UsageError(`Cannot read config file "${path}": expected a JSON object`);
  }
  if (configProblem === undefined) {
    throw new Error(
      `Cannot check config file "${path}": its validator is not loaded (await prepareSettings() first)`,
    );
  }
  const problem = configProblem(parsed);
  if (problem !== undefined) throw new UsageError(`Invalid config file "${path}": ${problem}`);
  return parsed as ConfigFile;
}

function number(value: unknown, flag: string, rule: NumberRule): number | undefined {
  if (value === undefined) return undefined;
  return numberFlag(typeof value === "number" ? value : String(value), flag, rule);
}

function flag(value: unknown, where: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== "boolean") {
    throw new UsageError(`Invalid ${where} ${JSON.stringify(value)}: expected true or false`);
  }
  return value;
}

/** Resolves settings from flags, environment, the config file and defaults. */
export function resolveSettings(flags: SettingsFlags): Settings {
  const { userHome, home } = homes();
  const config = readConfig(home);
  const envTz = variable("FRAMES_TZ");
  let tz: string, tzFrom: Settings["tzFrom"];
  if (flags.tz !== undefined) [tz, tzFrom] = [flags.tz, "flag"];
  else if (envTz) [tz, tzFrom] = [envTz, "env"];
  else if (config.tz !== undefined) [tz, tzFrom] = [String(config.tz), "config"];
  else [tz, tzFrom] = [Intl.DateTimeFormat().resolvedOptions().timeZone, "system"];
  if (!isValidTimeZone(tz)) {
    const where = tzFrom === "flag" ? "--tz" : tzFrom === "env" ? "FRAMES_TZ" : tzFrom;
    throw new UsageError(
      `Unknown timezone "${tz}" (from ${where}): use an IANA name such as Europe/Berlin or UTC`,
    );
  }
  return {
    home,
    userHome,
    source: flags.source ?? (variable("FRAMES_SOURCE") || undefined) ?? config.source,
    tz,
    tzFrom,
    minMinutes: number(flags.minMinutes, "--min-minutes", LIMITS.minMinutes) ??
      number(config.min_minutes, "min_minutes in config.json", LIMITS.minMinutes) ??
      DEFAULT_MIN_MINUTES,
    budget: number(flags.budget, "--budget", LIMITS.budget) ??
      number(config.budget, "budget in config.json", LIMITS.budget) ?? DEFAULT_CONTEXT_BUDGET,
    displays: flags.displays ??
      (config.displays === undefined ? undefined : String(config.displays)),
    redactStore: flag(config.redact_store, "redact_store in config.json"),
  };
}
