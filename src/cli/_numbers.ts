/**
 * The one check for numeric flags: every `--hours`, `--budget`, `--limit`, … goes through
 * {@linkcode numberFlag}, so every command says the same thing about a bad number (one
 * message, a usage error: exit 2) before it does any work.
 *
 * @module
 */

import { UsageError } from "./usage_error.ts";

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The range a numeric flag accepts. */
export interface NumberRule {
  /** Smallest accepted value. */
  min: number;
  /** Largest accepted value. */
  max: number;
  /** Only whole numbers (default false). */
  integer?: boolean;
}

/** Caps shared by every command, so a window or a budget means the same everywhere. */
export const LIMITS = {
  /** The longest window in days: one leap year (see README, "Windows"). */
  windowDays: 366,
  /** `--days N`: whole days, up to the same year. */
  days: { min: 1, max: 366, integer: true },
  /** `--hours`: the same year in hours. */
  hours: { min: 0.01, max: 366 * 24 },
  /** `--budget`: the context block's token budget (as MCP's get_context accepts). */
  budget: { min: 50, max: 32_000, integer: true },
  /** `--min-minutes`: frames shorter than this are left out of lists (a day at most). */
  minMinutes: { min: 0, max: 1440 },
  /** A TCP port (0 picks a free one). */
  port: { min: 0, max: 65535, integer: true },
  /** `frames mcp --poll`: seconds between checks for a new day (0 turns it off; a day at most). */
  pollSeconds: { min: 0, max: 86_400 },
} as const satisfies Record<string, number | NumberRule>;

/**
 * Parses a numeric flag's text against `rule`; `undefined` stays `undefined`. `flag` names
 * it in the message (`--hours`, or `budget in config.json`).
 *
 * @example
 * ```ts
 * numberFlag("24", "--hours", LIMITS.hours); // 24
 * numberFlag("-1", "--hours", LIMITS.hours); // throws: Invalid --hours "-1": expected a number from 0.01 to 8784
 * ```
 */
export function numberFlag(
  value: string | number | undefined,
  flag: string,
  rule: NumberRule,
): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === "number" ? value : Number(value);
  // Decimal only: `Number()` also reads "0x10", "0b1" and "" (0), which no one means.
  const notDecimal = typeof value === "string" && !DECIMAL.test(value.trim());
  if (
    notDecimal || !Number.isFinite(n) || n < rule.min || n > rule.max ||
    (rule.integer === true && !Number.isInteger(n))
  ) {
    throw new UsageError(
      `Invalid ${flag} "${value}": expected ${
        rule.integer === true ? "a whole number" : "a number"
      } from ${rule.min} to ${rule.max}`,
    );
  }
  return n;
}
