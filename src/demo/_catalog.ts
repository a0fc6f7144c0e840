/**
 * What the demo user looks at: apps, editor files and real-looking web pages (real URL
 * shapes, so site parsers and entity typing have something true to chew on).
 *
 * @module
 */

import type { Random } from "./_random.ts";

/** How a page's element tree is shaped. */
export type LayoutKind = "browser" | "editor" | "chat" | "meeting" | "terminal" | "plain";

/** One window state: what the title bar and address bar say. */
export interface Page {
  title: string;
  url: string | null;
  layout: LayoutKind;
  /** Words that appear on the page (element names, OCR lines). */
  words: readonly string[];
  /** The open file, for editor windows (`frames.document_path`). */
  document?: string;
}

/** An app as the recorder names it, with a stable process id. */
export interface App {
  name: string;
  pid: number;
}

/** The demo's apps (raw names as written, before cleaning). */
export const APPS = {
  code: { name: "Code", pid: 4121 },
  cursor: { name: "Cursor", pid: 5230 },
  chrome: { name: "Google Chrome", pid: 812 },
  firefox: { name: "Firefox", pid: 1904 },
  slack: { name: "Slack", pid: 977 },
  messages: { name: "Messages", pid: 655 },
  zoom: { name: "zoom.us", pid: 3310 },
  terminal: { name: "iTerm2", pid: 1402 },
  preview: { name: "Preview", pid: 2208 },
  finder: { name: "Finder", pid: 401 },
  spotify: { name: "Spotify", pid: 2871 },
} as const satisfies Record<string, App>;

const PROJECTS: readonly (readonly [string, readonly string[]])[] = [
  ["frames", [
    "src/compile/frames.ts",
    "src/compile/dwell.ts",
    "adapters/screenpipe.ts",
    "src/emit/markdown.ts",
    "tests/compile_test.ts",
    "README.md",
    "deno.json",
  ]],
  ["billing-service", [
    "app/invoices/models.py",
    "app/invoices/views.py",
    "app/api/client.py",
    "tests/test_invoices.py",
    "pyproject.toml",
  ]],
  ["web-dashboard", [
    "src/pages/Dashboard.tsx",
    "src/components/Chart.tsx",
    "src/hooks/useMetrics.ts",
    "package.json",
  ]],
];

const ISSUES = [
  "DST gap splits a frame in two",
  "Dwell time double counts the second monitor",
  "Markdown emitter drops the last frame",
  "Add ActivityWatch adapter",
  "Invoice totals off by one cent",
  "Dashboard chart flickers on resize",
  "Support ISO week in --day",
];

const QUERIES = [
  "sqlite wal read only connection",
  "deno node:sqlite setReturnArrays",
  "intl datetimeformat timezone offset",
  "python decimal rounding half even",
  "react useEffect cleanup resize observer",
  "rfc 3339 fractional seconds",
  "best ramen near me",
  "europe berlin dst 2026",
];

const QUESTIONS: readonly (readonly [number, string])[] = [
  [11247675, "How to read a SQLite database in read-only mode"],
  [15141762, "How to initialize a JavaScript Date to a particular time zone"],
  [588004, "Is floating point math broken"],
  [53945763, "useEffect cleanup function on resize"],
  [1319615, "Proper way to handle timezone offsets in Python"],
];

const VIDEOS: readonly (readonly [string, string])[] = [
  ["dQw4w9WgXcQ", "Rick Astley - Never Gonna Give You Up (Official Video)"],
  ["8aGhZQkoFbQ", "What the heck is the event loop anyway? | Philip Roberts | JSConf EU"],
  ["Uo3cL4nrGOk", "Deno 2 is here"],
  ["KJgsSFOSQv0", "Lofi beats to code to"],
];

const SUBREDDITS = ["programming", "typescript", "berlin", "coffee", "MechanicalKeyboards"];

const CHANNELS = ["general", "eng-frames", "random", "incidents", "design-review"];

const PEOPLE = ["Grace Hopper", "Alan Kay", "Barbara Liskov", "Ken Thompson", "Radia Perlman"];

const WORDS = [
  "Overview",
  "Settings",
  "Share",
  "Comments",
  "Reply",
  "Save",
  "Cancel",
  "Open",
  "Details",
  "History",
  "Search",
  "Filter",
  "Sort",
  "Next",
  "Previous",
  "Merge",
  "Review",
  "Approve",
  "Files changed",
  "Conversation",
  "Checks",
];

function hex(rng: Random, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += "0123456789abcdef"[rng.int(0, 15)];
  return s;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** A file of a project, as an editor window shows it. */
export function editorPage(rng: Random, project?: number): Page {
  const [name, files] = PROJECTS[project ?? rng.int(0, PROJECTS.length - 1)];
  const file = rng.pick(files);
  const base = file.slice(file.lastIndexOf("/") + 1);
  return {
    title: `${base} — ${name}`,
    url: null,
    layout: "editor",
    words: [base, name, ...files.map((f) => f.slice(f.lastIndexOf("/") + 1))],
    document: `/Users/ada/src/${name}/${file}`,
  };
}

/** A project index, so a stretch of editor work stays in one project. */
export function projectIndex(rng: Random): number {
  return rng.int(0, PROJECTS.length - 1);
}

/** A web page for work research or errands. */
export function webPage(rng: Random, leisure = false): Page {
  const kind = leisure
    ? rng.weighted([["youtube", 4], ["reddit", 4], ["google", 2], ["wikipedia", 1]] as const)
    : rng.weighted(
      [
        ["github_pr", 6],
        ["github_issue", 4],
        ["github_repo", 2],
        ["google", 5],
        ["docs", 3],
        ["gmail", 4],
        ["linkedin", 1],
        ["stackoverflow", 4],
        ["youtube", 1],
        ["notion", 2],
        ["linear", 3],
        ["reddit", 1],
        ["slack_web", 1],
        ["jira", 2],
        ["localhost", 3],
        ["mdn", 2],
      ] as const,
    );
  const page = (title: string, url: string): Page => ({
    title,
    url,
    layout: "browser",
    words: [...title.split(" ").slice(0, 6), ...WORDS],
  });
  switch (kind) {
    case "github_pr": {
      const n = rng.int(120, 480);
      return page(
        `${rng.pick(ISSUES)} by ${
          rng.pick(["ada", "grace", "linus"])
        } · Pull Request #${n} · acme/frames`,
        `https://github.com/acme/frames/pull/${n}${rng.chance(0.3) ? "/files" : ""}`,
      );
    }
    case "github_issue": {
      const n = rng.int(40, 520);
      return page(
        `${rng.pick(ISSUES)} · Issue #${n} · acme/frames`,
        `https://github.com/acme/frames/issues/${n}`,
      );
    }
    case "github_repo":
      return page(
        "GitHub - denoland/deno: A modern runtime for JavaScript and TypeScript.",
        "https://github.com/denoland/deno",
      );
    case "google": {
      const q = rng.pick(QUERIES);
      return page(
        `${q} - Google Search`,
        `https://www.google.com/search?q=${encodeURIComponent(q).replace(/%20/g, "+")}`,
      );
    }
    case "docs":
      return page(
        `${rng.pick(["Q2 planning", "Frames design notes", "Interview loop"])} - Google Docs`,
        `https://docs.google.com/document/d/1${hex(rng, 43)}/edit`,
      );
    case "gmail":
      return rng.chance(0.5)
        ? page(
          `Inbox (${rng.int(2, 40)}) - ada@example.com - Gmail`,
          "https://mail.google.com/mail/u/0/#inbox",
        )
        : page(
          `Re: ${rng.pick(ISSUES)} - ada@example.com - Gmail`,
          `https://mail.google.com/mail/u/0/#inbox/FMfcgz${hex(rng, 26)}`,
        );
    case "linkedin": {
      const who = rng.pick(PEOPLE);
      return page(
        "Search | LinkedIn",
        `https://www.linkedin.com/search/results/people/?keywords=${
          encodeURIComponent(who)
        }&origin=GLOBAL_SEARCH_HEADER`,
      );
    }
    case "stackoverflow": {
      const [id, q] = rng.pick(QUESTIONS);
      return page(`${q} - Stack Overflow`, `https://stackoverflow.com/questions/${id}/${slug(q)}`);
    }
    case "youtube": {
      const [id, t] = rng.pick(VIDEOS);
      return page(`${t} - YouTube`, `https://www.youtube.com/watch?v=${id}`);
    }
    case "notion":
      return page(
        rng.pick(["Roadmap", "Team wiki", "Launch checklist"]),
        `https://www.notion.so/acme/Roadmap-${hex(rng, 32)}`,
      );
    case "linear": {
      const n = rng.int(100, 900);
      const t = rng.pick(ISSUES);
      return page(`ENG-${n} ${t}`, `https://linear.app/acme/issue/ENG-${n}/${slug(t)}`);
    }
    case "reddit": {
      const sub = rng.pick(SUBREDDITS);
      const t = rng.pick(["What are you working on this week?", "Show and tell", "Weekly thread"]);
      return page(
        `${t} : r/${sub}`,
        `https://www.reddit.com/r/${sub}/comments/1${hex(rng, 6)}/${slug(t)}/`,
      );
    }
    case "slack_web":
      return page(
        `${rng.pick(CHANNELS)} (Channel) - Acme - Slack`,
        "https://app.slack.com/client/T0123ABCD/C0456EFGH",
      );
    case "jira": {
      const n = rng.int(100, 700);
      return page(
        `[PROJ-${n}] ${rng.pick(ISSUES)} - Jira`,
        `https://acme.atlassian.net/browse/PROJ-${n}`,
      );
    }
    case "localhost":
      return page(
        rng.pick(["Dashboard · Frames dev", "Invoices · Billing dev"]),
        `http://localhost:3000/${rng.pick(["dashboard", "invoices?page=2", "settings/profile"])}`,
      );
    case "mdn":
      return page(
        "Intl.DateTimeFormat - JavaScript | MDN",
        "https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Intl/DateTimeFormat",
      );
    case "wikipedia":
      return page(
        "Daylight saving time - Wikipedia",
        "https://en.wikipedia.org/wiki/Daylight_saving_time",
      );
  }
}

/** A chat window (Slack channel or a Messages thread). */
export function chatPage(rng: Random, app: App): Page {
  if (app === APPS.messages) {
    const who = rng.pick(PEOPLE);
    return { title: who, url: null, layout: "chat", words: [who, "iMessage", "Send"] };
  }
  const channel = rng.pick(CHANNELS);
  return {
    title: `${channel} (Channel) - Acme - Slack`,
    url: null,
    layout: "chat",
    words: [channel, ...CHANNELS, ...PEOPLE],
  };
}

/** A meeting window (Zoom, or Google Meet in the browser). */
export function meetingPage(rng: Random, inBrowser: boolean): Page {
  if (inBrowser) {
    const code = `${hex(rng, 3)}-${hex(rng, 4)}-${hex(rng, 3)}`.replace(/[0-9]/g, "k");
    return {
      title: `Meet - ${code}`,
      url: `https://meet.google.com/${code}`,
      layout: "meeting",
      words: ["Mute", "Turn off camera", "Present now", "Leave call", ...PEOPLE],
    };
  }
  return {
    title: "Zoom Meeting",
    url: null,
    layout: "meeting",
    words: ["Mute", "Stop Video", "Share Screen", "Participants", "Leave", ...PEOPLE],
  };
}

/** A terminal window in a project folder. */
export function terminalPage(rng: Random): Page {
  const [name] = rng.pick(PROJECTS);
  return {
    title: `~/src/${name} — zsh`,
    url: null,
    layout: "terminal",
    words: ["deno test", "git status", "ok", "passed"],
  };
}

/** Long reading in Preview: a PDF, no URL. */
export function readingPage(rng: Random): Page {
  // Preview shows documents, never web pages: no URL.
  return {
    title: rng.pick(["dremel-2010.pdf", "spanner-osdi12.pdf", "Q1 report.pdf"]),
    url: null,
    layout: "plain",
    words: ["Abstract", "Introduction", "Related work"],
  };
}

/** Text the user types into a page of this layout. */
export function typedText(rng: Random, layout: LayoutKind): string {
  switch (layout) {
    case "editor":
      return rng.pick([
        "const frames = compile(capture, { tz });",
        "return snapshots.filter((s) => s.at < end);",
        "def total(self): return sum(l.amount for l in self.lines)",
        "expect(chart).toBeVisible()",
        "// keep the id range contiguous",
        "if (gap > AWAY_MS) break;",
      ]);
    case "chat":
      return rng.pick(["on it", "lgtm, merging", "can you take a look at the PR?", "brb", "👍"]);
    case "terminal":
      return rng.pick(["deno task test", "git push -u origin HEAD", "ls -la", "git log --oneline"]);
    default:
      return rng.pick(QUERIES);
  }
}
