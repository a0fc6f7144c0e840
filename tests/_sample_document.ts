/**
 * Test helpers: hand-made activity documents for emitter tests (no compiler involved).
 *
 * `sampleDocument()` is a small realistic day on two displays; `busyDocument()` is a
 * seeded synthetic day big enough to stress the context block's token budget. Both use
 * fixed values only (no clock, no `Math.random`), so every call returns equal documents.
 *
 * @module
 */

import type {
  ActivityDocument,
  Frame,
  Gap,
  InputCounts,
  Interruption,
  LedgerEntry,
  PageCount,
  SiteEntry,
} from "../src/compile/document.ts";

const DAY = "2026-07-04";
const OFFSET = "+02:00";

/** A local time of the sample day (`"09:02:10"` → `"2026-07-04T09:02:10+02:00"`). */
export function at(hms: string): string {
  return `${DAY}T${hms}${OFFSET}`;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

function seconds(hms: string): number {
  const [h, m, s] = hms.split(":").map(Number);
  return h * 3600 + m * 60 + s;
}

function hms(total: number): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}

function input(partial: Partial<InputCounts> = {}): InputCounts {
  const counts = {
    events: 0,
    keys: partial.keys ?? 0,
    clicks: partial.clicks ?? 0,
    copies: partial.copies ?? 0,
    pastes: partial.pastes ?? 0,
    scrolls: partial.scrolls ?? 0,
    text_runs: partial.text_runs ?? 0,
    text_chars: partial.text_chars ?? 0,
  };
  counts.events = partial.events ??
    counts.keys + counts.clicks + counts.copies + counts.pastes + counts.scrolls + counts.text_runs;
  return counts;
}

/** What a hand-made frame needs; the rest (wall minutes, key order) is derived. */
export interface FrameSpec {
  display: string;
  /** First snapshot ref (the id's suffix and the start of the evidence runs). */
  ref: number;
  app: string;
  site?: string;
  /** `HH:MM:SS` on the sample day. */
  start: string;
  end: string;
  duration_min: number;
  focused_min?: number;
  presence_min?: number;
  windows?: string[];
  pages?: PageCount[];
  input?: Partial<InputCounts>;
  interruptions?: Interruption[];
  /** Evidence runs; defaults to one snapshot run from `ref` and no events. */
  snapshots?: string;
  events?: string;
}

/** Builds a frame in the document's key order. */
export function frame(spec: FrameSpec): Frame {
  const f: Frame = {
    id: `${spec.display}:${spec.ref}`,
    display: spec.display,
    app: spec.app,
    start: at(spec.start),
    end: at(spec.end),
    duration_min: spec.duration_min,
    wall_min: round1((seconds(spec.end) - seconds(spec.start)) / 60),
    windows: spec.windows ?? [],
    pages: spec.pages ?? [],
    input: input(spec.input),
    interruptions: spec.interruptions ?? [],
    evidence: {
      snapshots: spec.snapshots ??
        `${spec.ref}-${spec.ref + Math.max(1, Math.round(spec.duration_min * 4))}`,
      events: spec.events ?? "",
    },
  };
  // Optional keys sit where the interface declares them, so rebuild in that order.
  return {
    id: f.id,
    display: f.display,
    app: f.app,
    ...(spec.site === undefined ? {} : { site: spec.site }),
    start: f.start,
    end: f.end,
    duration_min: f.duration_min,
    wall_min: f.wall_min,
    ...(spec.focused_min === undefined ? {} : { focused_min: spec.focused_min }),
    ...(spec.presence_min === undefined ? {} : { presence_min: spec.presence_min }),
    windows: f.windows,
    pages: f.pages,
    input: f.input,
    interruptions: f.interruptions,
    evidence: f.evidence,
  };
}

/** Options of {@linkcode assemble}. */
export interface AssembleOptions {
  gaps?: Gap[];
  omitted_frames?: number;
  omitted_minutes?: number;
  /** Minutes counted once across displays; defaults to the plain sum. */
  dedup_active_minutes?: number;
  /** Whether the source marks focus (adds focused minutes). */
  focus?: boolean;
  presence_minutes?: number;
  blind_spots?: string[];
}

/** Wraps frames into a full document whose ledgers and coverage are derived from them. */
export function assemble(frames: Frame[], opts: AssembleOptions = {}): ActivityDocument {
  const focus = opts.focus ?? true;
  const sorted = [...frames].sort((a, b) => a.start < b.start ? -1 : a.start > b.start ? 1 : 0);
  const active = round1(
    frames.reduce((s, f) => s + f.duration_min, 0) + (opts.omitted_minutes ?? 0),
  );
  const focused = round1(frames.reduce((s, f) => s + (f.focused_min ?? 0), 0));
  const first = sorted.length > 0 ? sorted[0].start : null;
  const last = sorted.length > 0 ? sorted.map((f) => f.end).sort().at(-1)! : null;
  const span = first === null || last === null
    ? 0
    : round1((Date.parse(last) - Date.parse(first)) / 60_000);
  const dedup = opts.dedup_active_minutes ?? active;

  const perDisplay: ActivityDocument["coverage"]["per_display"] = {};
  for (const f of sorted) {
    const d = perDisplay[f.display] ??= {
      active_minutes: 0,
      ...(focus ? { focused_minutes: 0 } : {}),
      snapshots: 0,
      frames: 0,
    };
    d.active_minutes = round1(d.active_minutes + f.duration_min);
    if (focus) d.focused_minutes = round1(d.focused_minutes! + (f.focused_min ?? 0));
    d.snapshots += Math.max(1, Math.round(f.duration_min * 4));
    d.frames += 1;
  }
  const snapshots = Object.values(perDisplay).reduce((s, d) => s + d.snapshots, 0);

  return {
    schema_version: 1,
    window: {
      start: at("00:00:00"),
      end: `2026-07-05T00:00:00${OFFSET}`,
      tz: "Europe/Berlin",
      day: DAY,
    },
    source: {
      adapter: "screenpipe",
      location: "/home/ana/.screenpipe/db.sqlite",
      fingerprint: "sha256:9b1c4e0d7a52f3e8",
      capabilities: { input: true, elements: true, urls: true, heartbeats: true, focus },
    },
    compiler: {
      name: "frames",
      version: "0.1.0",
      constants: { dwell_cap_s: 90, session_gap_s: 300, flicker_s: 20, min_minutes: 1 },
    },
    coverage: {
      first_activity: first,
      last_activity: last,
      active_minutes: active,
      dedup_active_minutes: dedup,
      ...(focus ? { focused_minutes: focused } : {}),
      presence_minutes: opts.presence_minutes ?? 0,
      span_minutes: span,
      coverage_pct: span === 0 ? 0 : Math.min(100, round1((dedup / span) * 100)),
      snapshots,
      distinct_apps: new Set(frames.map((f) => f.app)).size,
      frames: frames.length,
      omitted_frames: opts.omitted_frames ?? 0,
      omitted_minutes: opts.omitted_minutes ?? 0,
      gaps: opts.gaps ?? [],
      per_display: perDisplay,
      unattributed_input: 3,
      rejected_rows: { bad_timestamp: 2 },
    },
    frames: sorted,
    ledger: ledgerOf(sorted, focus),
    sites: sitesOf(sorted),
    blind_spots: opts.blind_spots ?? [
      "typed text not loaded (privacy default)",
      "two displays: visible minutes overlap; app minutes are deduplicated",
      "non-browser apps have no URLs",
    ],
  };
}

function ledgerOf(frames: Frame[], focus: boolean): LedgerEntry[] {
  const by = new Map<string, { e: LedgerEntry; dwell: Map<string, number> }>();
  for (const f of frames) {
    let acc = by.get(f.app);
    if (acc === undefined) {
      acc = {
        e: {
          app: f.app,
          minutes: 0,
          ...(focus ? { focused_minutes: 0 } : {}),
          frames: 0,
          longest_min: 0,
          windows: [],
        },
        dwell: new Map(),
      };
      by.set(f.app, acc);
    }
    acc.e.minutes = round1(acc.e.minutes + f.duration_min);
    if (focus) acc.e.focused_minutes = round1(acc.e.focused_minutes! + (f.focused_min ?? 0));
    acc.e.frames += 1;
    acc.e.longest_min = Math.max(acc.e.longest_min, f.duration_min);
    for (const w of f.windows) acc.dwell.set(w, (acc.dwell.get(w) ?? 0) + f.duration_min);
  }
  const out = [...by.values()].map(({ e, dwell }) => {
    e.windows = [...dwell].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3).map(
      ([w]) => w,
    );
    return e;
  });
  return out.sort((a, b) => b.minutes - a.minutes || (a.app < b.app ? -1 : 1));
}

function sitesOf(frames: Frame[]): SiteEntry[] {
  const by = new Map<string, SiteEntry>();
  for (const f of frames) {
    if (f.site === undefined) continue;
    const s = by.get(f.site) ?? { site: f.site, minutes: 0, frames: 0 };
    s.minutes = round1(s.minutes + f.duration_min);
    s.frames += 1;
    by.set(f.site, s);
  }
  return [...by.values()].sort((a, b) => b.minutes - a.minutes || (a.site < b.site ? -1 : 1));
}

/**
 * A realistic day on two displays: browsing with typed pages, an editor, chat and a call,
 * interruptions, two away periods, six frames under `min_minutes`, titles holding `|`,
 * a newline and a backslash, and focus marked by the source.
 */
export function sampleDocument(): ActivityDocument {
  const frames: Frame[] = [
    frame({
      display: "monitor_1",
      ref: 1001,
      app: "Google Chrome",
      site: "linkedin.com",
      start: "09:02:10",
      end: "09:21:50",
      duration_min: 19.7,
      focused_min: 18.9,
      windows: ["Jane Doe | LinkedIn", "cto berlin | Search | LinkedIn"],
      pages: [
        { kind: "people_search", entity: "cto | cpo berlin", count: 6 },
        { kind: "profile", entity: "jane-doe", count: 12 },
      ],
      input: { keys: 41, clicks: 22, scrolls: 30, copies: 1, text_runs: 2, text_chars: 10 },
      interruptions: [{ app: "Slack", seconds: 12, input: 2 }],
      snapshots: "1001-1060,1063",
      events: "5001-5096",
    }),
    frame({
      display: "monitor_2",
      ref: 2001,
      app: "Slack",
      start: "09:05:00",
      end: "09:50:00",
      duration_min: 30.2,
      focused_min: 4.1,
      presence_min: 6.5,
      windows: ["general (Channel) - Acme - Slack", "Ana Lima (DM) - Acme - Slack"],
      input: { keys: 120, clicks: 9, text_runs: 6, text_chars: 240 },
      snapshots: "2001-2090",
      events: "5097-5231",
    }),
    frame({
      display: "monitor_1",
      ref: 1064,
      app: "Cursor",
      start: "09:22:05",
      end: "09:46:10",
      duration_min: 24,
      focused_min: 24,
      windows: ["main.py - project", "C:\\Users\\ana\\notes.md - project"],
      input: {
        keys: 880,
        clicks: 31,
        pastes: 4,
        copies: 3,
        scrolls: 12,
        text_runs: 40,
        text_chars: 1210,
      },
      snapshots: "1064-1160",
      events: "5232-6190",
    }),
    frame({
      display: "monitor_1",
      ref: 1161,
      app: "Google Chrome",
      site: "github.com",
      start: "09:46:30",
      end: "10:20:00",
      duration_min: 31.5,
      focused_min: 30,
      windows: ["Fix token budget by ana · Pull Request #412 · acme/api", "acme/api: API"],
      pages: [
        { kind: "pull_request", entity: "acme/api#412", count: 20 },
        { kind: "repo", entity: "acme/api", count: 5 },
        { kind: "issues", count: 2 },
        { kind: "user", entity: "acme", count: 1 },
      ],
      input: { keys: 60, clicks: 45, scrolls: 80 },
      interruptions: [{ app: "Slack", seconds: 15 }, {
        app: "Google Chrome",
        site: "google.com",
        seconds: 9,
        input: 1,
      }],
      snapshots: "1161-1280",
      events: "6191-6375",
    }),
    frame({
      display: "monitor_2",
      ref: 2091,
      app: "Google Chrome",
      site: "youtube.com",
      start: "10:00:00",
      end: "10:07:30",
      duration_min: 7.5,
      focused_min: 0.5,
      windows: ["Deno in 100 Seconds\nFireship - YouTube"],
      pages: [{ kind: "video", entity: "lKrQ_U0Q7pM", count: 9 }],
      snapshots: "2091-2120",
    }),
    frame({
      display: "monitor_1",
      ref: 1281,
      app: "Cursor",
      start: "12:48:20",
      end: "13:30:00",
      duration_min: 38.2,
      focused_min: 38.2,
      windows: ["budget.ts - frames", "main.py - project"],
      input: { keys: 1402, clicks: 20, pastes: 6, text_runs: 75, text_chars: 1900 },
      snapshots: "1281-1440",
      events: "6376-7890",
    }),
    frame({
      display: "monitor_1",
      ref: 1441,
      app: "Terminal",
      start: "13:30:10",
      end: "13:33:00",
      duration_min: 2.8,
      focused_min: 2.8,
      windows: ["ana@host: ~/frames | deno test"],
      input: { keys: 35, text_runs: 4, text_chars: 41 },
      snapshots: "1441-1452",
      events: "7891-7930",
    }),
    frame({
      display: "monitor_2",
      ref: 2121,
      app: "zoom.us",
      start: "14:00:00",
      end: "14:45:00",
      duration_min: 44,
      focused_min: 12.5,
      windows: ["Zoom Meeting"],
      input: { clicks: 4 },
      snapshots: "2121-2300",
      events: "7931-7934",
    }),
    frame({
      display: "monitor_1",
      ref: 1453,
      app: "Google Chrome",
      site: "docs.google.com",
      start: "15:00:00",
      end: "15:25:00",
      duration_min: 25,
      focused_min: 25,
      windows: ["Q3 plan - Google Docs"],
      pages: [{ kind: "doc", count: 14 }],
      input: { keys: 300, clicks: 18, text_runs: 20, text_chars: 800 },
      snapshots: "1453-1552",
      events: "7935-8270",
    }),
    frame({
      display: "monitor_1",
      ref: 1553,
      app: "Cursor",
      start: "16:10:00",
      end: "17:02:00",
      duration_min: 51.3,
      focused_min: 50,
      windows: ["budget.ts - frames"],
      input: { keys: 2210, clicks: 40, text_runs: 110, text_chars: 3000 },
      interruptions: [{ app: "Slack", seconds: 18, input: 5 }],
      snapshots: "1553-1760,1762-1770",
      events: "8271-10500",
    }),
    frame({
      display: "monitor_2",
      ref: 2301,
      app: "Google Chrome",
      site: "mail.google.com",
      start: "17:00:00",
      end: "17:09:00",
      duration_min: 9,
      focused_min: 1.2,
      windows: ["Inbox (3) - ana@acme.com - Acme Mail"],
      pages: [{ kind: "email", count: 7 }],
      input: { clicks: 6 },
      snapshots: "2301-2336",
      events: "10501-10506",
    }),
  ];
  return assemble(frames, {
    gaps: [
      { start: at("10:20:00"), end: at("12:48:20"), minutes: 148.3 },
      { start: at("15:25:00"), end: at("16:10:00"), minutes: 45 },
    ],
    omitted_frames: 6,
    omitted_minutes: 3.4,
    dedup_active_minutes: 262.5,
    presence_minutes: 6.5,
  });
}

/** A tiny seeded PRNG (mulberry32), so synthetic documents are fixed for a seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return function next(): number {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BROWSERS = ["Google Chrome", "Firefox", "Safari"];
const OTHER_APPS = [
  "Cursor",
  "Slack",
  "Terminal",
  "zoom.us",
  "Visual Studio Code",
  "Figma",
  "Notion",
  "Spotify",
  "Finder",
  "Microsoft Outlook",
  "Microsoft Teams",
  "Microsoft Excel",
  "Microsoft Word",
  "Preview",
  "Calendar",
  "Messages",
  "Mail",
  "Obsidian",
  "Linear",
  "Postman",
  "Docker Desktop",
  "IntelliJ IDEA",
  "PyCharm",
  "iTerm2",
  "Discord",
  "WhatsApp",
  "Telegram",
  "1Password",
  "System Settings",
  "Activity Monitor",
  "Xcode",
  "Keynote",
  "Numbers",
  "TablePlus",
  "Loom",
  "Miro",
  "Raycast",
];
const SITE_WORDS = [
  "linkedin",
  "github",
  "google",
  "youtube",
  "reddit",
  "stackoverflow",
  "notion",
  "figma",
  "vercel",
  "supabase",
  "stripe",
  "atlassian",
  "gitlab",
  "medium",
  "substack",
  "wikipedia",
  "amazon",
  "ebay",
  "booking",
  "airbnb",
  "twitch",
  "nytimes",
  "theguardian",
  "bbc",
  "spiegel",
  "heise",
  "hackernews",
  "producthunt",
  "crunchbase",
  "calendly",
  "lu",
  "partiful",
  "miro",
  "canva",
  "dropbox",
  "zoom",
  "openai",
  "anthropic",
  "huggingface",
  "kaggle",
];
const SITE_FORMS = [
  (w: string) => `${w}.com`,
  (w: string) => `docs.${w}.com`,
  (w: string) => `app.${w}.io`,
];
const PAGE_KINDS = [
  "page",
  "search",
  "profile",
  "repo",
  "pull_request",
  "issue",
  "video",
  "doc",
  "email",
  "post",
  "channel",
  "messaging",
  "dashboard",
  "people_search",
  "sheet",
];
const WORDS = [
  "budget",
  "token",
  "frames",
  "deno",
  "compile",
  "ledger",
  "berlin",
  "report",
  "invoice",
  "roadmap",
  "hiring",
  "design",
  "review",
  "sprint",
  "metrics",
  "pricing",
  "launch",
  "notes",
];

/** Options of {@linkcode busyDocument}. */
export interface BusyDocumentOptions {
  /** Frames in `frames[]` (default 250). */
  frames?: number;
  /** Distinct apps, at most 40 (default 40; 3 are browsers). */
  apps?: number;
  /** Distinct sites, at most 120 (default 120). */
  sites?: number;
  seed?: number;
}

/**
 * A busy synthetic day: by default 250 frames over 40 apps and 120 sites on two displays,
 * sequential from 07:30 with a few away periods; every app and site appears at least once.
 */
export function busyDocument(opts: BusyDocumentOptions = {}): ActivityDocument {
  const count = opts.frames ?? 250;
  const appCount = Math.min(opts.apps ?? 40, BROWSERS.length + OTHER_APPS.length);
  const siteCount = Math.min(opts.sites ?? 120, SITE_WORDS.length * SITE_FORMS.length);
  const rand = prng(opts.seed ?? 20260704);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const others = OTHER_APPS.slice(0, appCount - BROWSERS.length);
  const sites: string[] = [];
  for (let i = 0; sites.length < siteCount; i++) {
    sites.push(SITE_FORMS[Math.floor(i / SITE_WORDS.length)](SITE_WORDS[i % SITE_WORDS.length]));
  }

  const frames: Frame[] = [];
  const gaps: Gap[] = [];
  const refs: Record<string, number> = { monitor_1: 1, monitor_2: 500_000 };
  let eventRef = 1;
  let t = seconds("07:30:00");
  let siteTurn = 0;
  let appTurn = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % 50 === 0) {
      const away = 360 + Math.floor(rand() * 1800);
      gaps.push({ start: at(hms(t)), end: at(hms(t + away)), minutes: round1(away / 60) });
      t += away;
    }
    const wall = 40 + Math.floor(rand() ** 4 * 700);
    if (t + wall >= 86_400) {
      throw new RangeError(`Cannot build the busy document: ${count} frames overflow the day`);
    }
    const duration = Math.max(1, round1((wall * (0.7 + 0.3 * rand())) / 60));
    const display = rand() < 0.3 ? "monitor_2" : "monitor_1";
    const browser = i % 20 < 11;
    const app = browser ? BROWSERS[i % BROWSERS.length] : others[
      appTurn < others.length ? appTurn++ : Math.floor(rand() ** 2 * others.length)
    ];
    const site = browser
      ? sites[siteTurn < sites.length ? siteTurn++ : Math.floor(rand() ** 2 * sites.length)]
      : undefined;
    const pages: PageCount[] = [];
    if (browser) {
      const n = Math.floor(rand() * 6);
      for (let p = 0; p < n; p++) {
        const kind = pick(PAGE_KINDS);
        const entity = rand() < 0.8 ? `${pick(WORDS)} ${pick(WORDS)}` : undefined;
        if (pages.some((x) => x.kind === kind && x.entity === entity)) continue;
        pages.push({
          kind,
          ...(entity === undefined ? {} : { entity }),
          count: 1 + Math.floor(rand() * 20),
        });
      }
    }
    const ref = refs[display];
    const snaps = Math.max(2, Math.round(wall / 15));
    refs[display] += snaps + 3;
    const events = Math.floor(rand() * 200);
    const title = browser
      ? `${pick(WORDS)} ${pick(WORDS)} - ${site} - ${app}`
      : `${pick(WORDS)}_${pick(WORDS)}.ts - ${
        pick(WORDS)
      } project - a rather long window title of ${app}`;
    frames.push(frame({
      display,
      ref,
      app,
      site,
      start: hms(t),
      end: hms(t + wall),
      duration_min: duration,
      focused_min: round1(duration * 0.9),
      windows: [title],
      pages,
      input: { keys: events, clicks: Math.floor(events / 4), scrolls: Math.floor(events / 3) },
      interruptions: rand() < 0.1
        ? [{ app: pick(others), seconds: 5 + Math.floor(rand() * 15) }]
        : [],
      snapshots: `${ref}-${ref + snaps - 2},${ref + snaps}`,
      events: events === 0 ? "" : `${eventRef}-${eventRef + events - 1}`,
    }));
    eventRef += events + 1;
    t += wall + 5 + Math.floor(rand() * 20);
  }
  return assemble(frames, {
    gaps,
    omitted_frames: 37,
    omitted_minutes: 21.4,
    presence_minutes: 12.6,
  });
}
