/**
 * The days that hold capture, for `frames mcp`: a {@linkcode DayIndex} over the CLI's own
 * read pipeline. Each day in the source's span is probed once with a read of that day
 * (cached per source and timezone); afterwards only today is probed again.
 *
 * @module
 */

import { loadAdapter } from "../../adapters/mod.ts";
import { resolveSource } from "../../adapters/resolve.ts";
import { localDay } from "../compile/time.ts";
import { DayIndex } from "../mcp/day_index.ts";
import type { Parsed } from "./_args.ts";
import { loadCaptureForCli } from "./_capture.ts";
import { resolveSettings } from "./_settings.ts";

/**
 * First and last instant of a file source, from its importer's scan of parsed timestamps
 * (one pass over the rows, done once per full day scan). Sources read over the network,
 * and sources without an importer, have none: the day index then probes back from today.
 * When adapters gain a cheap `span()` of their own, it belongs here.
 */
async function sourceSpan(
  spec: string | undefined,
  userHome: string,
  framesHome: string,
): Promise<{ first: number; last: number } | undefined> {
  const source = await resolveSource(spec, { home: userHome, framesHome });
  if (/^https?:\/\//i.test(source.path)) return undefined;
  const adapter = await loadAdapter(source.adapter);
  if (adapter.importer === undefined) return undefined;
  const opened = await adapter.importer(source.path, { home: userHome });
  try {
    return opened.span();
  } finally {
    opened.close();
  }
}

/** The day index of the source the flags (then env, config, discovery) name. */
export function cliDayIndex(flags: { source?: string; tz?: string }): DayIndex {
  const settings = () => resolveSettings({ source: flags.source, tz: flags.tz });
  const dayFlags = (day: string): Parsed => ({
    values: { source: flags.source, tz: flags.tz, day },
    positionals: [],
  });
  return new DayIndex({
    key: () => {
      const s = settings();
      return `${s.source ?? ""}\u0000${s.tz}`;
    },
    today: () => localDay(Date.now(), settings().tz),
    async span() {
      const s = settings();
      const span = await sourceSpan(s.source, s.userHome, s.home).catch(() => undefined);
      return span && { first: localDay(span.first, s.tz), last: localDay(span.last, s.tz) };
    },
    async probe(day) {
      try {
        const { capture } = await loadCaptureForCli(dayFlags(day), { quiet: true });
        return capture.snapshots.length > 0;
      } catch {
        // An unreadable source holds no readable day; the tools report why on their own call.
        return false;
      }
    },
  });
}
