/**
 * `frames import`: append a capture source into the native store — idempotent,
 * resumable, with a progress bar on a terminal and a one-line summary.
 *
 * @module
 */

import { isAbsolute, resolve } from "../file_path.ts";
import cliProgress from "cli-progress";
import { storePath } from "../store/mod.ts";
import { redactTitle, redactUrl } from "../entities/mod.ts";
import { checkMachine, importSource, type ImportSummary, nothingImported } from "../import/mod.ts";
import { IMPORT_KINDS, isImportKind, openImport } from "../import/sources.ts";
import { parseFlags, str } from "./_args.ts";
import { resolveSettings } from "./_settings.ts";
import { numberFlag } from "./_numbers.ts";
import type { CommandSpec } from "./_spec.ts";
import { UsageError } from "./usage_error.ts";
import { refuseOutputOverSource } from "./_out_guard.ts";
import { terminalText } from "../text/sanitize.ts";

const HELP = `Usage: frames import <${IMPORT_KINDS.join("|")}> [FROM] [options]

Append a capture source into frames' native store ($FRAMES_HOME/capture.db, default
~/.frames/capture.db). Importing is idempotent (rows already imported are skipped by the
source's own id) and resumable (rows are committed in batches; after an interruption,
run the same command again). The source is only read, never written.

FROM by kind:
  activitywatch    an aw-server URL (default http://127.0.0.1:5600 when no database is
                   found), an export JSON file, or an aw-server-rust / peewee SQLite file
                   (default: the local ActivityWatch database)
  recall           a Windows Recall ukg.db, or an export folder (needs --code)
  memory-archive   a Memory Archive session folder (required)
  screenpipe       a screenpipe-layout database (default: ~/.screenpipe/db.sqlite, …), or
                   a running screenpipe's API: a URL, or "api" for http://127.0.0.1:3030
                   (FRAMES_SCREENPIPE_KEY as its key when it needs one)
  Any FROM can also be given as KIND:FROM, e.g. screenpipe:api.

Options:
  --aw-key KEY       bearer key for the ActivityWatch REST API (or FRAMES_AW_KEY)
  --code CODE        the Windows Recall export code, 32 hex digits (or FRAMES_RECALL_CODE)
  --include-text     keep typed text (privacy: off by default; lengths are always kept)
  --machine NAME     the computer the source was captured on (default: the source's
                     hostname where it records one — per ActivityWatch bucket, so a
                     synced aw-server imports as its hosts —, else this computer's
                     hostname); a store of several machines compiles one ledger,
                     attention counted once
  --store PATH       the store to append to (default: $FRAMES_HOME/capture.db)
  --batch N          rows per transaction (default 20000)
  -h, --help         show this help

Examples:
  frames import activitywatch
  frames import activitywatch ~/Downloads/aw-buckets-export.json
  frames import memory-archive ./memories/open-invoice
  frames import screenpipe:http://127.0.0.1:3030
`;

/** Options of the import command. */
const OPTIONS = {
  "aw-key": { type: "string" },
  code: { type: "string" },
  "include-text": { type: "boolean" },
  machine: { type: "string" },
  store: { type: "string" },
  batch: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** What `frames import` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS, words: IMPORT_KINDS };

/**
 * The one-line summary of an import, then one `note:` line per thing the source says it
 * cannot see (an incomplete session, …), as documents compiled from the store say too.
 */
export function summaryLine(s: ImportSummary): string {
  const reasons = Object.entries(s.rejected).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  const rejected = reasons.reduce((n, [, v]) => n + v, 0);
  const why = reasons.length > 0 ? ` (${reasons.map(([k, v]) => `${k}: ${v}`).join("; ")})` : "";
  const notes = (s.notes ?? []).map((n) => `\n  note: ${n}`).join("");
  const kept = Object.entries(s.withheld ?? {}).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  const withheld = kept.length > 0
    ? `, withheld by the recorder ${kept.reduce((n, [, v]) => n + v, 0)} (${
      kept.map(([k, v]) => `${k}: ${v}`).join("; ")
    })`
    : "";
  const same = s.sameInstall === undefined
    ? ""
    : `, same install as "${s.sameInstall}": ${s.skipped} rows already there`;
  return `imported ${s.adapter} "${s.location}": read ${s.read} rows, added ${s.added}, skipped ${s.skipped}, rejected ${rejected}${why}${withheld}${same}${notes}`;
}

/** Entry point of `frames import`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "import", positionals: true });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  // `KIND:FROM` (as `--source` spells it: `screenpipe:http://…`, `screenpipe:api`) is KIND FROM.
  let [kind, from, ...extra] = p.positionals;
  const colon = kind?.indexOf(":") ?? -1;
  if (colon > 0 && isImportKind(kind!.slice(0, colon)) && from === undefined) {
    from = kind!.slice(colon + 1);
    kind = kind!.slice(0, colon);
  }
  if (kind === undefined) {
    throw new UsageError(`Missing source kind: use one of ${IMPORT_KINDS.join(", ")}`);
  }
  if (!isImportKind(kind)) {
    throw new UsageError(
      `Unknown source kind "${kind}": use one of ${IMPORT_KINDS.join(", ")}`,
    );
  }
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}"`);
  if (kind === "memory-archive" && from === undefined) {
    throw new UsageError("Missing FROM: pass the Memory Archive session folder");
  }
  const batch = str(p, "batch");
  const batchRows = numberFlag(batch, "--batch", { min: 1, max: 10_000_000, integer: true });
  const machine = str(p, "machine");
  if (machine !== undefined) {
    try {
      checkMachine(machine);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  }
  const settings = resolveSettings({});
  const location = from === undefined || /^https?:\/\//i.test(from) ||
      from.toLowerCase() === "api"
    ? from
    : from === "~" || from.startsWith("~/")
    ? resolve(settings.userHome, `.${from.slice(1)}`)
    : isAbsolute(from)
    ? from
    : resolve(from);
  const source = await openImport(kind, location, {
    home: settings.userHome,
    awKey: str(p, "aw-key") ?? (Deno.env.get("FRAMES_AW_KEY") || undefined),
    recallCode: str(p, "code") ?? (Deno.env.get("FRAMES_RECALL_CODE") || undefined),
    includeText: p.values["include-text"] === true,
  });
  const store = str(p, "store") ?? storePath(settings.home);
  // Opening read nothing into the store yet: a store that is the source is refused first.
  refuseOutputOverSource(store, [source.location], "--store");
  const bar = Deno.stderr.isTerminal()
    ? new cliProgress.SingleBar({
      format: `importing ${kind} [{bar}] {percentage}% | {value}/{total} days | ETA {eta}s`,
      hideCursor: true,
      clearOnComplete: true,
    }, cliProgress.Presets.shades_classic)
    : undefined;
  let summary: ImportSummary;
  try {
    summary = importSource(source, {
      store,
      batchRows,
      includeText: p.values["include-text"] === true,
      ...(machine !== undefined ? { machine } : {}),
      ...(settings.redactStore ? { redact: { url: redactUrl, title: redactTitle } } : {}),
      onProgress(done, total) {
        if (bar === undefined) return;
        if (done === 1) bar.start(total, 0);
        bar.update(done);
      },
    });
  } finally {
    bar?.stop();
    source.close();
  }
  console.log(terminalText(summaryLine(summary)));
  // Rows found but none usable is a failure, not an empty success (SPEC §2): exit 1.
  const why = nothingImported(summary);
  if (why !== undefined) throw new Error(why);
  return 0;
}
