/**
 * `frames parsers`: try the entity typer on URLs, list the site parsers and kinds, run
 * every parser's examples, and measure parser coverage over a window of capture.
 *
 * @module
 */

import { jsonText } from "../text/sanitize.ts";
import {
  type CoverageReport,
  coverageReport,
  formatFailure,
  KINDS,
  loadRegistry,
  type ParserRegistry,
  PARSERS_DIR,
  purityViolations,
  redactUrl,
  type TypedPage,
  typePageDetailed,
  verifyExamples,
} from "../entities/mod.ts";
import { type OptionTable, type Parsed, parseFlags, str } from "./_args.ts";
import { loadCaptureForCli, WINDOW_HELP, WINDOW_OPTIONS } from "./_capture.ts";
import { writeOutput } from "./_output.ts";
import { numberFlag } from "./_numbers.ts";
import { chooseFormat, FORMAT_OPTIONS } from "./_format.ts";
import type { CommandSpec } from "./_spec.ts";
import { UsageError } from "./usage_error.ts";

const HELP = `Usage: frames parsers <command> [options]

Entity typing: every URL becomes a typed page reference {kind, entity?} through a site
parser (parsers/<host>.ts), a generic search parameter, subdomain/path heuristics, or
the "page" fallback.

Commands:
  test URL…       type URLs and show kind, entity and the layer that typed them;
                  "-" reads URLs from standard input, one per line
  list            hosts → parser file, then the registry of kinds
  check           run every parser's own examples and its purity check
  coverage        over the distinct URLs of a window: the share typed beyond "page",
                  by layer and by kind, and the top untyped hosts (what to write next)

Options:
  -f, --format F  text (default) or json: machine-readable output (test: one JSON
                  object per URL per line)
  --json          the same as -f json
  --top N         coverage: how many untyped hosts to list (default 20)
  -h, --help      show this help

Window options (coverage):
${WINDOW_HELP}
`;

const OPTIONS: OptionTable = {
  ...FORMAT_OPTIONS,
  top: { type: "string" },
  help: { type: "boolean", short: "h" },
};

/** What `frames parsers` accepts, for help and completions. */
export const spec: CommandSpec = {
  help: HELP,
  options: OPTIONS,
  subcommands: {
    test: { help: HELP, options: OPTIONS },
    list: { help: HELP, options: OPTIONS },
    check: { help: HELP, options: OPTIONS },
    coverage: { help: HELP, options: { ...WINDOW_OPTIONS, ...OPTIONS } },
  },
};

/** Entry point of `frames parsers`. */
export async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === "-h" || command === "--help" || command === "help") {
    console.log(HELP);
    return command === undefined ? 2 : 0;
  }
  switch (command) {
    case "test":
      return await runTest(parse(rest, OPTIONS, true));
    case "list":
      return await runList(parse(rest, OPTIONS, false));
    case "check":
      return await runCheck(parse(rest, OPTIONS, false));
    case "coverage":
      return await runCoverage(parse(rest, { ...WINDOW_OPTIONS, ...OPTIONS }, false));
    default:
      throw new UsageError(
        `Unknown parsers command "${command}": use test, list, check or coverage`,
      );
  }
}

function parse(args: string[], options: OptionTable, positionals: boolean): Parsed | null {
  const p = parseFlags(args, options, { command: "parsers", positionals });
  if (p.values.help) {
    console.log(HELP);
    return null;
  }
  // -f json and --json are one switch below.
  p.values.json = chooseFormat(p, ["text", "json"], "text") === "json";
  return p;
}

async function runTest(p: Parsed | null): Promise<number> {
  if (p === null) return 0;
  if (p.positionals.length === 0) {
    throw new UsageError(`Missing URL: run "frames parsers test URL…" ("-" reads standard input)`);
  }
  const urls: string[] = [];
  for (const arg of p.positionals) {
    if (arg === "-") urls.push(...await readStdinLines());
    else urls.push(arg);
  }
  const registry = await loadRegistry();
  const typed = urls.map((url) => ({ url, page: typePageDetailed(url, registry) }));
  const text = p.values.json
    ? typed.map(({ url, page }) => jsonText(testRecord(url, page), 0) + "\n").join("")
    : formatTable(typed.map(({ url, page }) => [
      page.kind,
      page.entity ?? "-",
      page.parser ? `parser ${page.parser}` : page.layer,
      redactUrl(url),
    ]));
  await writeOutput(text, undefined);
  return 0;
}

function testRecord(url: string, page: TypedPage): Record<string, string> {
  const record: Record<string, string> = { url: redactUrl(url), kind: page.kind };
  if (page.entity !== undefined) record.entity = page.entity;
  record.layer = page.layer;
  if (page.parser !== undefined) record.parser = page.parser;
  return record;
}

async function readStdinLines(): Promise<string[]> {
  const text = await new Response(Deno.stdin.readable).text();
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0);
}

async function runList(p: Parsed | null): Promise<number> {
  if (p === null) return 0;
  const registry = await loadRegistry();
  const hosts = hostTable(registry);
  if (p.values.json) {
    const json = {
      parsers: registry.parsers.map((x) => ({ file: x.file, hosts: x.hosts })),
      hosts: Object.fromEntries(hosts),
      kinds: KINDS,
    };
    await writeOutput(jsonText(json) + "\n", undefined);
    return 0;
  }
  const text = [
    `Hosts (${hosts.length}, in ${registry.parsers.length} parser files under parsers/)\n`,
    formatTable(hosts.map(([host, file]) => [host, file]), "  "),
    `\nKinds (${KINDS.length})\n`,
    formatTable(KINDS.map((k) => [k.name, k.meaning]), "  "),
  ].join("");
  await writeOutput(text, undefined);
  return 0;
}

function hostTable(registry: ParserRegistry): [string, string][] {
  const rows: [string, string][] = [];
  for (const parser of registry.parsers) {
    for (const host of parser.hosts) rows.push([host, parser.file]);
  }
  return rows.sort((a, b) => compare(sortKey(a[0]), sortKey(b[0])));
}

// Wildcards sort next to the domain they cover.
function sortKey(host: string): string {
  return host.startsWith("*.") ? `${host.slice(2)} *` : host;
}

async function runCheck(p: Parsed | null): Promise<number> {
  if (p === null) return 0;
  const registry = await loadRegistry();
  const failures = verifyExamples(registry);
  const impure: { file: string; problems: string[] }[] = [];
  for (const { file } of registry.parsers) {
    const problems = purityViolations(await Deno.readTextFile(new URL(file, PARSERS_DIR)));
    if (problems.length > 0) impure.push({ file, problems });
  }
  const examples = registry.parsers.reduce((n, x) => n + x.examples.length, 0);
  if (p.values.json) {
    const json = { parsers: registry.parsers.length, examples, failures, impure };
    await writeOutput(jsonText(json) + "\n", undefined);
  } else {
    const lines = [
      ...failures.map((f) => formatFailure(f)),
      ...impure.map((x) => `${x.file}: not pure: ${x.problems.join("; ")}`),
    ].map((line) => line + "\n").join("");
    const bad = failures.length + impure.length;
    const summary = `${registry.parsers.length} parsers, ${examples} examples: ${
      bad === 0 ? "all pass, all pure" : `${failures.length} failed, ${impure.length} impure`
    }\n`;
    await writeOutput(lines + summary, undefined);
  }
  return failures.length + impure.length === 0 ? 0 : 1;
}

async function runCoverage(p: Parsed | null): Promise<number> {
  if (p === null) return 0;
  const top = parseTop(str(p, "top"));
  const { capture, window, settings } = await loadCaptureForCli(p);
  const urls: string[] = [];
  for (const s of capture.snapshots) if (s.url) urls.push(s.url);
  for (const e of capture.events) if (e.url) urls.push(e.url);
  const report = coverageReport(urls, await loadRegistry(), { top });
  const label = window.day !== undefined
    ? `${window.day} (${settings.tz})`
    : `${new Date(window.start).toISOString()} – ${new Date(window.end).toISOString()}`;
  const text = p.values.json
    ? jsonText({ window: { ...window, tz: settings.tz }, ...report }) + "\n"
    : formatCoverage(report, label);
  await writeOutput(text, undefined);
  return 0;
}

function parseTop(text: string | undefined): number {
  return numberFlag(text, "--top", { min: 0, max: 100_000, integer: true }) ?? 20;
}

function formatCoverage(r: CoverageReport, label: string): string {
  const pct = (n: number) => r.urls === 0 ? "-" : `${(100 * n / r.urls).toFixed(1)}%`;
  const width = String(r.urls).length;
  const counts = (rows: { name: string; count: number }[]) =>
    formatTable(
      rows.map((x) => [x.name, String(x.count).padStart(width), pct(x.count).padStart(6)]),
      "  ",
    );
  const parts = [
    `Parser coverage, ${label}: ${r.urls} distinct URLs\n`,
    `typed beyond "page": ${r.typed} (${pct(r.typed)})\n`,
  ];
  if (r.urls > 0) {
    parts.push("\nBy layer:\n", counts(r.byLayer), "\nBy kind:\n", counts(r.byKind));
    parts.push(
      "\nTop untyped hosts (candidates for the next parser):\n",
      r.untypedHosts.length > 0 ? counts(r.untypedHosts) : "  (none)\n",
    );
  }
  return parts.join("");
}

/** Left-aligned columns separated by two spaces; the last column is not padded. */
function formatTable(rows: string[][], indent = ""): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => widths[i] = Math.max(widths[i] ?? 0, cell.length));
  }
  return rows.map((row) =>
    indent + row.map((cell, i) => i === row.length - 1 ? cell : cell.padEnd(widths[i])).join("  ") +
    "\n"
  ).join("");
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
