/**
 * What ActivityWatch itself withholds, honoured as withheld (SPEC §9): never typed as
 * content (a title "excluded" is no page and no site), counted in `facts.withheld`.
 *
 * What its public code writes (read 2026-08):
 * - **aw-watcher-window** `--exclude-title` / `--exclude-titles REGEX` (config
 *   `exclude_title`, `exclude_titles`): the title becomes the literal `"excluded"`
 *   (`aw_watcher_window/main.py` `transform_window`, `aw_watcher_window/macos.swift`
 *   `data.title = "excluded"`). Its research edition (`research_filter.py`, `macos.swift`
 *   `classifyApp`) writes the app `"Excluded"` for apps outside its category map.
 * - **aw-watcher-window on macOS** blanks a Chrome-family incognito window to
 *   `{app: "", title: ""}` (`macos.swift`, `frontWindow.mode == "incognito"`).
 * - **aw-server-rust privacy filters** (`aw-datastore/src/privacy_filter.rs`, applied to
 *   heartbeats and inserts in `aw-datastore/src/worker.rs`): rules in the setting
 *   `privacy_filters` (SQLite `key_value` row `settings.privacy_filters`, REST
 *   `GET /api/0/settings/privacy_filters`; edited in aw-webui's
 *   `src/views/settings/PrivacyFilterSettings.vue`, `src/util/privacyFilters.ts`), each
 *   `{enabled, bucket_prefix?, field, pattern, action: "drop" | "redact", replacement?}`.
 *   `redact` sets the field to `replacement` (the shipped examples use `"REDACTED"`);
 *   `drop` never stores the event, so it leaves only a gap — named in the notes, since
 *   no row is left to count.
 * - **aw-watcher-web** has no exclusion setting and no redaction: it writes every tab with
 *   `incognito: true|false` (`src/background/heartbeat.ts`). frames treats an incognito
 *   tab as a private window: its URL and the browser window's title are withheld.
 *
 * With no readable rules (an export file, the legacy server, a server without the
 * setting) a field equal to `"REDACTED"`, the shipped replacement, counts as redacted.
 *
 * @module
 */

import { EXCLUDED_APP, withheldTitle } from "../../src/model.ts";
import type { AwEvent } from "./_model.ts";

/** aw-watcher-window's excluded title. */
export const AW_EXCLUDED_TITLE = "excluded";
/** The research edition's excluded app. */
export const AW_EXCLUDED_APP = "Excluded";
/** The replacement aw-server-rust's and aw-webui's example redact rule writes. */
export const AW_DEFAULT_REPLACEMENT = "REDACTED";

/** Reasons under which withheld events are counted (`coverage.withheld.recorder`). */
export const AW_WITHHELD = {
  title: "activitywatch excluded title",
  app: "activitywatch excluded app",
  private: "activitywatch private window",
  incognito: "activitywatch incognito tab",
  redacted: "activitywatch privacy filter redaction",
} as const;

/** A redact rule: events of buckets starting with `prefix` whose `field` is `replacement`. */
interface Redaction {
  prefix: string;
  field: string;
  replacement: string;
}

/** The privacy filters a source was recorded under, as far as it says. */
export interface AwPrivacy {
  redactions: Redaction[];
  /** Enabled drop rules (their events were never stored). */
  drops: number;
}

/**
 * The filters from the `privacy_filters` setting's value (the parsed JSON), or the shipped
 * default replacement on every field when the source does not say (`undefined`).
 */
export function awPrivacy(setting: unknown): AwPrivacy {
  if (!Array.isArray(setting)) {
    return {
      redactions: ["app", "title", "url"].map((field) => ({
        prefix: "",
        field,
        replacement: AW_DEFAULT_REPLACEMENT,
      })),
      drops: 0,
    };
  }
  const out: AwPrivacy = { redactions: [], drops: 0 };
  for (const raw of setting) {
    const r = raw as Record<string, unknown> | null;
    if (r === null || typeof r !== "object" || r.enabled !== true) continue;
    if (r.action === "drop") out.drops++;
    if (r.action !== "redact" || typeof r.field !== "string") continue;
    if (typeof r.replacement !== "string" || r.replacement === "") continue;
    out.redactions.push({
      prefix: typeof r.bucket_prefix === "string" ? r.bucket_prefix : "",
      field: r.field,
      replacement: r.replacement,
    });
  }
  return out;
}

/** The blind spot of a server whose drop rules left no row behind. */
export function dropNote(drops: number): string {
  return `ActivityWatch's privacy filters drop events of ${drops} rule${
    drops === 1 ? "" : "s"
  } before storing them: that time shows as a gap, not as withheld rows`;
}

function redacted(p: AwPrivacy, bucketId: string, data: Record<string, unknown>, field: string) {
  return p.redactions.some((r) =>
    r.field === field && bucketId.startsWith(r.prefix) && data[field] === r.replacement
  );
}

/**
 * A window event with what its recorder withheld taken out: an app withheld becomes
 * {@linkcode EXCLUDED_APP} (its time still counts) with a withheld title; a title withheld
 * goes, with the event's URL (the page it names). `withheld` says why; the same event
 * object is returned when nothing was withheld.
 */
export function windowEvent(e: AwEvent, bucketId: string, p: AwPrivacy): AwEvent {
  const d = e.data;
  let app: string | undefined, reason: string | undefined, kind: "app" | "private" = "app";
  if (d.app === "" && d.title === "") {
    kind = "private";
    reason = AW_WITHHELD.private;
  } else if (d.app === AW_EXCLUDED_APP) reason = AW_WITHHELD.app;
  else if (redacted(p, bucketId, d, "app")) reason = AW_WITHHELD.redacted;
  if (reason !== undefined) app = EXCLUDED_APP;
  else if (d.title === AW_EXCLUDED_TITLE) reason = AW_WITHHELD.title;
  else if (redacted(p, bucketId, d, "title") || redacted(p, bucketId, d, "url")) {
    reason = AW_WITHHELD.redacted;
  }
  if (reason === undefined) return e;
  const { title: _t, url: _u, ...rest } = d;
  const data: Record<string, unknown> = app === undefined
    ? rest
    : { ...rest, app, title: withheldTitle(kind) };
  return { ...e, data, withheld: reason };
}

/** A web event with its URL withheld where the tab was incognito or the URL redacted. */
export function webEvent(e: AwEvent, bucketId: string, p: AwPrivacy): AwEvent {
  const d = e.data;
  const reason = d.incognito === true
    ? AW_WITHHELD.incognito
    : redacted(p, bucketId, d, "url") || redacted(p, bucketId, d, "title")
    ? AW_WITHHELD.redacted
    : undefined;
  if (reason === undefined) return e;
  const { url: _u, title: _t, ...rest } = d;
  return { ...e, data: rest, withheld: reason };
}
