/**
 * Which buckets of an ActivityWatch source feed which stream (FORMATS §2): buckets are
 * found by `type`; afk and web buckets belong to the window bucket of their host. A web
 * bucket whose host is not a window host — aw-watcher-web writes `hostname: "unknown"`
 * when it cannot learn the host (aw-watcher-web `src/background/client.ts`:
 * `(await getHostname()) ?? 'unknown'`) — joins the only window host, or else the host
 * whose browser windows overlap its events most, so its URLs and sites survive.
 *
 * @module
 */

import {
  AW_FORM_NAMES,
  AW_IGNORED_TYPES,
  AW_TYPES,
  type AwBucket,
  type AwSource,
} from "./_model.ts";
import { webBucketCovers } from "./_canonical.ts";

/** The buckets of a source grouped by what the adapter does with them. */
export interface AwBucketPlan {
  window: AwBucket[];
  afk: AwBucket[];
  web: AwBucket[];
  input: AwBucket[];
}

/** Group a source's buckets by type; throws when there is no window bucket to read. */
export function planBuckets(source: AwSource): AwBucketPlan {
  const plan: AwBucketPlan = { window: [], afk: [], web: [], input: [] };
  const unknown = new Set<string>();
  for (const b of source.buckets) {
    if (b.type === AW_TYPES.window) plan.window.push(b);
    else if (b.type === AW_TYPES.afk) plan.afk.push(b);
    else if (b.type === AW_TYPES.web) plan.web.push(b);
    else if (b.type === AW_TYPES.input) plan.input.push(b);
    else if (!AW_IGNORED_TYPES.has(b.type)) unknown.add(b.type);
  }
  if (plan.window.length === 0) {
    const found = [...unknown].sort().map((t) => `"${t}"`).join(", ");
    throw new Error(
      `Cannot read ${
        AW_FORM_NAMES[source.form]
      } "${source.location}": no "${AW_TYPES.window}" bucket (${
        found === "" ? "no buckets" : `unknown bucket types ${found}`
      })`,
    );
  }
  return plan;
}

/**
 * The host each web bucket belongs to over `[from, to)`: its own when that host has a
 * window bucket, else the only window host, else the window host whose browser windows
 * overlap the bucket's events longest (ties: the first host by name), else none.
 */
export function webHosts(
  source: AwSource,
  plan: AwBucketPlan,
  from: number,
  to: number,
): Map<string, string | undefined> {
  const hosts = [...new Set(plan.window.map((b) => b.hostname))].sort();
  const out = new Map<string, string | undefined>();
  for (const web of plan.web) {
    if (hosts.includes(web.hostname)) out.set(web.id, web.hostname);
    else if (hosts.length === 1) out.set(web.id, hosts[0]);
    else out.set(web.id, bestOverlap(source, plan, web, hosts, from, to));
  }
  return out;
}

function bestOverlap(
  source: AwSource,
  plan: AwBucketPlan,
  web: AwBucket,
  hosts: string[],
  from: number,
  to: number,
): string | undefined {
  const events = source.events(web.id, from, to).events;
  if (events.length === 0) return undefined;
  let best: string | undefined, bestMs = 0;
  for (const host of hosts) {
    let ms = 0;
    for (const w of plan.window.filter((b) => b.hostname === host)) {
      const windows = source.events(w.id, from, to).events
        .filter((e) => typeof e.data.app === "string" && webBucketCovers(web.id, e.data.app));
      let j = 0;
      for (const e of events) {
        while (j < windows.length && windows[j].end <= e.start) j++;
        for (let k = j; k < windows.length && windows[k].start < e.end; k++) {
          ms += Math.max(0, Math.min(e.end, windows[k].end) - Math.max(e.start, windows[k].start));
        }
      }
    }
    if (ms > bestMs) {
      best = host;
      bestMs = ms;
    }
  }
  return best;
}
