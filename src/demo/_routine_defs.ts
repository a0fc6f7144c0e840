/**
 * The routines `frames demo --routines` plants, and the background contexts that reuse
 * their generic names (Send, Search, Approve) without being routine steps. Data only: the
 * planter renders them into rows, the truth file describes them.
 *
 * @module
 */

import { type App, APPS } from "./_catalog.ts";

/** One canonical step of a planted routine. */
export interface StepDef {
  op: "click" | "type" | "navigate";
  /** Accessibility role as the recorder writes it (`AXButton`, `AXTextField`, …). */
  role: string;
  /** The target's name; `null` for a click slot (the name comes from `subjects`). */
  name: string | null;
  /** Typed values (type/navigate steps), picked per occurrence unless `bySubject`. */
  values?: readonly string[];
  /** Type steps: take `values[subject]` so the value matches the clicked subject. */
  bySubject?: boolean;
  /** Present in only some occurrences. */
  optional?: boolean;
  /** The page (index into the routine's pages) the step is performed on. */
  page: number;
}

/** A page of a routine: what the title bar and address bar say. */
export interface PageSpec {
  title: string;
  url: string | null;
}

/** One planted routine. */
export interface RoutineDef {
  id: string;
  title: string;
  app: App;
  /** Site of the routine's pages (`null` outside a browser). */
  site: string | null;
  steps: readonly StepDef[];
  /** Click-slot names, one per subject (which issue, which PR, which customer). */
  subjects: readonly string[];
  /** The pages, given the occurrence's subject index. */
  pages: (subject: number) => PageSpec[];
  /** Names of occasional extra buttons clicked inside an occurrence (never steps). */
  extras: readonly string[];
  /** Occurrences per 20 workdays (scaled to the demo's workdays), or weekly on `weekday`. */
  count: number;
  /** Day of the week (0 = Sunday) for a weekly routine; then `count` is ignored. */
  weekday?: number;
  /** Local minutes of the day the occurrence is aimed at: `[from, to)`. */
  window: readonly [number, number];
}

/** A context where a generic name is clicked outside any routine. */
export interface BackgroundDef {
  app: App;
  page: PageSpec;
  /** The generic button name (Send, Search, Approve). */
  generic: string;
  /** Other names on the page, clicked at random (at most one per visit). */
  pool: readonly string[];
  /** A typed run into an unnamed field comes before the generic click. */
  typesFirst: boolean;
}

/** Apps that exist only in the planted corpus. */
export const ROUTINE_APPS = {
  mail: { name: "Mail", pid: 3902 },
  notion: { name: "Notion", pid: 6120 },
} as const satisfies Record<string, App>;

const ISSUES = [
  "ENG-412 Retry failed webhooks",
  "ENG-418 Dark mode for settings",
  "ENG-421 Export CSV times out",
  "ENG-427 Flaky login test",
  "ENG-433 Rate limit the search API",
  "ENG-436 Onboarding checklist copy",
  "ENG-440 Crash on empty invoice",
  "ENG-445 Upgrade to Postgres 17",
];

const PULLS: readonly (readonly [number, string])[] = [
  [1287, "Fix DST gap in frame splitting"],
  [1291, "Add ActivityWatch adapter"],
  [1294, "Speed up element lookup"],
  [1298, "Redact tokens in URLs"],
  [1302, "Keep the last frame in Markdown"],
  [1305, "Bump playwright-core"],
  [1309, "Show detours in the steps view"],
];

const CUSTOMERS: readonly (readonly [string, string])[] = [
  ["Ada Lovelace", "ada@analytical.example"],
  ["Charles Babbage", "charles@engines.example"],
  ["Edsger Dijkstra", "ewd@shortest.example"],
  ["Frances Allen", "fran@optimizing.example"],
  ["Donald Knuth", "don@taocp.example"],
  ["Margaret Hamilton", "margaret@apollo.example"],
];

const MEETINGS = [
  "Sprint planning",
  "Design review",
  "1:1 with Grace",
  "Incident retro",
  "Roadmap sync",
  "Customer call – Initech",
];

const PEOPLE = ["Grace, Alan", "Barbara, Ken", "Radia, Grace, Ken", "Alan, Barbara"];

function pullPages(n: number): PageSpec[] {
  const [num, title] = PULLS[n];
  return [
    { title: "Pull requests · acme/frames", url: "https://github.com/acme/frames/pulls" },
    {
      title: `${title} by octocat · Pull Request #${num} · acme/frames`,
      url: `https://github.com/acme/frames/pull/${num}`,
    },
    {
      title: `${title} by octocat · Pull Request #${num} · acme/frames`,
      url: `https://github.com/acme/frames/pull/${num}/files`,
    },
  ];
}

function reviewSteps(verdict: string): StepDef[] {
  return [
    { op: "click", role: "AXLink", name: null, page: 0 },
    { op: "click", role: "AXTab", name: "Files changed", page: 1 },
    { op: "click", role: "AXButton", name: "Review changes", page: 2 },
    {
      op: "type",
      role: "AXTextArea",
      name: "Leave a comment",
      values: [
        "LGTM, nice cleanup",
        "Please add a test for the DST case",
        "Two small nits inline",
        "Looks good once CI is green",
      ],
      optional: true,
      page: 2,
    },
    { op: "click", role: "AXRadioButton", name: verdict, page: 2 },
    { op: "click", role: "AXButton", name: "Submit review", page: 2 },
  ];
}

/** The planted routines, in id order. */
export const ROUTINES: readonly RoutineDef[] = [
  {
    id: "p1",
    title: "Move issue to In Progress",
    app: APPS.chrome,
    site: "linear.app",
    steps: [
      { op: "click", role: "AXLink", name: null, page: 0 },
      { op: "click", role: "AXButton", name: "Status", page: 1 },
      { op: "click", role: "AXMenuItem", name: "In Progress", page: 1 },
      {
        op: "type",
        role: "AXTextArea",
        name: "Leave a comment…",
        values: ["Picking this up now", "On it", "Starting after standup", "Pairing with Alan"],
        optional: true,
        page: 1,
      },
    ],
    subjects: ISSUES,
    pages: (n) => {
      const key = ISSUES[n].slice(0, 7);
      const slug = ISSUES[n].slice(8).toLowerCase().replace(/[^a-z0-9]+/g, "-");
      return [
        { title: "My issues › Linear", url: "https://linear.app/acme/my-issues/assigned" },
        { title: `${ISSUES[n]} › Linear`, url: `https://linear.app/acme/issue/${key}/${slug}` },
      ];
    },
    extras: ["Copy issue URL", "Subscribe"],
    count: 10,
    window: [9 * 60 + 30, 17 * 60],
  },
  {
    id: "p2",
    title: "Approve a pull request",
    app: APPS.chrome,
    site: "github.com",
    steps: reviewSteps("Approve"),
    subjects: PULLS.map(([, t]) => t),
    pages: pullPages,
    extras: ["Viewed", "Copy path"],
    count: 7,
    window: [10 * 60, 17 * 60 + 30],
  },
  {
    id: "p3",
    title: "Request changes on a pull request",
    app: APPS.chrome,
    site: "github.com",
    steps: reviewSteps("Request changes"),
    subjects: PULLS.map(([, t]) => t),
    pages: pullPages,
    extras: ["Viewed", "Copy path"],
    count: 5,
    window: [10 * 60, 17 * 60 + 30],
  },
  {
    id: "p4",
    title: "Send the weekly status report",
    app: ROUTINE_APPS.mail,
    site: null,
    steps: [
      { op: "click", role: "AXButton", name: "New Message", page: 0 },
      { op: "type", role: "AXTextField", name: "To", values: ["team@acme.example"], page: 1 },
      {
        op: "type",
        role: "AXTextField",
        name: "Subject",
        values: ["Weekly status", "Status this week", "Weekly update", "Week in review"],
        page: 1,
      },
      {
        op: "type",
        role: "AXTextArea",
        name: "Message Body",
        values: [
          "Shipped the adapter, next up click resolution.",
          "Demo corpus done; mining starts Monday.",
          "Two incidents, both closed. Hiring loop on track.",
          "Replay works end to end; docs pending.",
        ],
        page: 1,
      },
      { op: "click", role: "AXButton", name: "Send", page: 1 },
    ],
    subjects: [],
    pages: () => [
      { title: "Inbox – Work (128 messages)", url: null },
      { title: "New Message", url: null },
    ],
    extras: ["Format"],
    count: 0,
    weekday: 5,
    window: [15 * 60, 17 * 60],
  },
  {
    id: "p5",
    title: "Post the standup update",
    app: APPS.slack,
    site: null,
    steps: [
      { op: "click", role: "AXLink", name: "standup", page: 0 },
      {
        op: "type",
        role: "AXTextArea",
        name: "Message #standup",
        values: [
          "Yesterday: adapter tests. Today: click resolution. No blockers.",
          "Yesterday: review backlog. Today: DST fix. Blocked on CI.",
          "Yesterday: demo corpus. Today: truth file. No blockers.",
          "Out this afternoon, async on Slack.",
          "Today: pairing on replay guards.",
        ],
        page: 1,
      },
      { op: "click", role: "AXButton", name: "Send", page: 1 },
    ],
    subjects: [],
    pages: () => [
      { title: "general (Channel) - Acme - Slack", url: null },
      { title: "standup (Channel) - Acme - Slack", url: null },
    ],
    extras: ["Add reaction"],
    count: 16,
    window: [9 * 60 + 15, 10 * 60 + 30],
  },
  {
    id: "p6",
    title: "Refund a customer's payment",
    app: APPS.chrome,
    site: "dashboard.stripe.com",
    steps: [
      {
        op: "navigate",
        role: "AXTextField",
        name: "Address and search bar",
        values: ["dashboard.stripe.com/customers"],
        page: 0,
      },
      { op: "click", role: "AXButton", name: "Search", page: 1 },
      {
        op: "type",
        role: "AXTextField",
        name: "Search customers",
        values: CUSTOMERS.map(([, mail]) => mail),
        bySubject: true,
        page: 1,
      },
      { op: "click", role: "AXLink", name: null, page: 1 },
      { op: "click", role: "AXTab", name: "Payments", page: 2 },
      { op: "click", role: "AXButton", name: "Refund", optional: true, page: 2 },
    ],
    subjects: CUSTOMERS.map(([name]) => name),
    pages: (n) => [
      { title: "Home – Acme – Stripe", url: "https://dashboard.stripe.com/dashboard" },
      { title: "Customers – Acme – Stripe", url: "https://dashboard.stripe.com/customers" },
      {
        title: `${CUSTOMERS[n][0]} – Customers – Stripe`,
        url: `https://dashboard.stripe.com/customers/cus_${(n + 1) * 7919}`,
      },
    ],
    extras: ["Copy ID"],
    count: 6,
    window: [11 * 60, 17 * 60],
  },
  {
    id: "p7",
    title: "Start meeting notes",
    app: ROUTINE_APPS.notion,
    site: null,
    steps: [
      { op: "click", role: "AXButton", name: "New page", page: 0 },
      { op: "click", role: "AXMenuItem", name: "Meeting notes", page: 1 },
      { op: "type", role: "AXTextField", name: "Title", values: MEETINGS, page: 1 },
      {
        op: "type",
        role: "AXTextField",
        name: "Attendees",
        values: PEOPLE,
        optional: true,
        page: 1,
      },
      { op: "click", role: "AXButton", name: "Share", page: 1 },
    ],
    subjects: [],
    pages: () => [
      { title: "Team Wiki", url: null },
      { title: "Untitled", url: null },
    ],
    extras: ["Add icon"],
    count: 8,
    window: [9 * 60 + 45, 16 * 60 + 30],
  },
];

/** Which planted routines differ at exactly one named step and must stay separate. */
export const NEAR_DUPLICATES: readonly (readonly [string, string])[] = [["p2", "p3"]];

/** Where Send, Search and Approve are clicked outside routines. */
export const BACKGROUND: readonly BackgroundDef[] = [
  {
    app: APPS.chrome,
    page: {
      title: "Deploy to production · acme/frames",
      url: "https://github.com/acme/frames/actions/runs/8812345",
    },
    generic: "Approve",
    pool: ["Summary", "Re-run all jobs", "View workflow file", "deploy", "build", "Usage"],
    typesFirst: false,
  },
  {
    app: APPS.slack,
    page: { title: "Grace Hopper (DM) - Acme - Slack", url: null },
    generic: "Send",
    pool: ["general", "random", "Alan Kay", "Threads", "Huddles", "Mentions"],
    typesFirst: true,
  },
  {
    app: APPS.chrome,
    page: { title: "Active issues › Linear", url: "https://linear.app/acme/team/ENG/active" },
    generic: "Search",
    pool: ["Inbox", "My issues", "Views", "Cycles", "Projects", "Backlog"],
    typesFirst: false,
  },
  {
    app: ROUTINE_APPS.notion,
    page: { title: "Engineering Handbook", url: null },
    generic: "Search",
    pool: ["Updates", "Settings", "Templates", "Trash", "Favorites", "Import"],
    typesFirst: false,
  },
  {
    app: APPS.chrome,
    page: { title: "Balances – Acme – Stripe", url: "https://dashboard.stripe.com/balance" },
    generic: "Search",
    pool: ["Balances", "Customers", "Products", "Reports", "Developers", "Billing"],
    typesFirst: false,
  },
  {
    app: ROUTINE_APPS.mail,
    page: { title: "Re: Offsite dates", url: null },
    generic: "Send",
    pool: ["Inbox", "Drafts", "Archive", "Forward", "Flag", "Junk"],
    typesFirst: true,
  },
];
