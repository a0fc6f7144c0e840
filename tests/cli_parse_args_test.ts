// src/cli/_parse_args.ts ports node:util parseArgs so commands need not start Node
// compatibility; node:util's own parseArgs is the truth it is checked against.

import { deepEqual, equal } from "node:assert/strict";
import { parseArgs as nodeParseArgs } from "node:util";
import fc from "fast-check";
import { type ArgOption, parseArgs } from "../src/cli/_parse_args.ts";

// Option tables of the shapes the commands use: strings and booleans, short letters,
// a multiple, a default, a name that shadows Object.prototype.
const TABLES: Record<string, ArgOption>[] = [
  {
    day: { type: "string", short: "d" },
    help: { type: "boolean", short: "h" },
    format: { type: "string", short: "f" },
    inferred: { type: "string", multiple: true },
    quiet: { type: "boolean", short: "q" },
    stats: { type: "boolean" },
  },
  { out: { type: "string", default: "x.json" }, verbose: { type: "boolean", multiple: true } },
  Object.fromEntries<ArgOption>([
    ["constructor", { type: "string" }],
    ["toString", { type: "boolean", short: "t" }],
  ]),
  {},
];

// Words that reach every branch of the tokenizer: lone and clustered shorts, long options
// with and without `=`, the terminator, dashes and values that look like options.
const word = fc.constantFrom(
  "--day",
  "-d",
  "2026-03-25",
  "--day=2026-03-01",
  "--day=",
  "-d2026",
  "-hq",
  "-qh",
  "-qd",
  "-qdX",
  "-dh",
  "--help",
  "--help=x",
  "-h",
  "--format",
  "-f",
  "json",
  "-fjson",
  "--inferred",
  "a",
  "--",
  "-",
  "--nope",
  "-x",
  "-1",
  "--hours=-1",
  "--=x",
  "---x",
  "--out",
  "--out=",
  "--verbose",
  "--constructor",
  "--toString",
  "-t",
  "--__proto__",
  "--__proto__=1",
  "pos",
  "-qz",
  "--stats",
  "--stats=false",
  "-",
); // deno-fmt-ignore

function outcome(run: () => { values: unknown; positionals: string[] }): unknown {
  try {
    const { values, positionals } = run();
    return { values: { ...(values as object) }, proto: Object.getPrototypeOf(values), positionals };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

Deno.test("parseArgs() gives node:util's values, positionals and error messages", () => {
  fc.assert(
    fc.property(
      fc.array(word, { maxLength: 6 }),
      fc.constantFrom(...TABLES.keys()),
      fc.boolean(),
      (args, t, allowPositionals) => {
        const options = TABLES[t];
        const ours = outcome(() => parseArgs({ args, options, allowPositionals }));
        const node = outcome(() =>
          nodeParseArgs({ args, options, strict: true, allowPositionals }) as {
            values: unknown;
            positionals: string[];
          }
        );
        deepEqual(ours, node, JSON.stringify({ args, t, allowPositionals }));
      },
    ),
    { numRuns: 5000 },
  );
});

Deno.test("parseArgs() reports the mistakes commands meet", () => {
  const options = TABLES[0];
  const error = (args: string[]) =>
    outcome(() => parseArgs({ args, options, allowPositionals: false }));
  deepEqual(error(["--nope"]), { error: "Unknown option '--nope'" });
  deepEqual(error(["--day"]), { error: "Option '-d, --day <value>' argument missing" });
  equal(
    (error(["-d", "-1"]) as { error: string }).error.split("\n")[0],
    "Option '-d' argument is ambiguous.",
  );
});
