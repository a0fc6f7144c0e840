import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import fc from "fast-check";
import { parse as parseYaml } from "yaml";
import type { ActivityDocument } from "../src/compile/document.ts";
import { emit, emitJson, emitYaml, type Format, FORMATS, isFormat } from "../src/emit/mod.ts";
import { loadEmitter } from "../src/emit/load.ts";
import { assertValidDocument, schemaErrors } from "./_schema.ts";
import { busyDocument, sampleDocument } from "./_sample_document.ts";

const DOCS: Array<[string, () => ActivityDocument]> = [
  ["sample", sampleDocument],
  ["busy", busyDocument],
];

/** The document as plain JSON data (drops `undefined`), for deep comparisons. */
function plain(doc: unknown): unknown {
  return JSON.parse(JSON.stringify(doc));
}

for (const format of FORMATS) {
  Deno.test(`emit() ends ${format} output with exactly one newline and uses LF only`, () => {
    for (const [name, build] of DOCS) {
      const out = emit(build(), { format });
      ok(out.endsWith("\n"), `${name}: no final newline`);
      ok(!out.endsWith("\n\n"), `${name}: more than one final newline`);
      ok(!out.includes("\r"), `${name}: contains CR`);
    }
  });

  Deno.test(`emit() renders ${format} byte-identically across calls and fresh documents`, () => {
    for (const [name, build] of DOCS) {
      const doc = build();
      const a = emit(doc, { format });
      equal(emit(doc, { format }), a, `${name}: second call differs`);
      equal(emit(build(), { format }), a, `${name}: an equal document renders differently`);
    }
  });

  Deno.test(`emit() leaves the document untouched when rendering ${format}`, () => {
    const doc = sampleDocument();
    const before = JSON.stringify(doc);
    emit(doc, { format });
    equal(JSON.stringify(doc), before);
  });

  Deno.test(`loadEmitter() loads the same ${format} emitter emit() dispatches to`, async () => {
    const doc = sampleDocument();
    const render = await loadEmitter(format);
    equal(render(doc, { budget: 900 }), emit(doc, { format, budget: 900 }));
  });
}

Deno.test("emit() dispatches json and yaml to their emitters", () => {
  const doc = sampleDocument();
  equal(emit(doc, { format: "json" }), emitJson(doc));
  equal(emit(doc, { format: "yaml" }), emitYaml(doc));
  ok(emit(doc, { format: "md" }).startsWith("# "));
  ok(emit(doc, { format: "context" }).startsWith("USER ACTIVITY ("));
});

Deno.test("emit() rejects an unknown format with a TypeError", () => {
  throws(() => emit(sampleDocument(), { format: "xml" as Format }), TypeError);
});

Deno.test("isFormat() accepts exactly the four formats", () => {
  deepEqual([...FORMATS], ["json", "yaml", "md", "context"]);
  for (const f of FORMATS) ok(isFormat(f));
  for (const f of ["", "markdown", "JSON", "yml", "toString"]) ok(!isFormat(f), f);
});

Deno.test("emitJson() round-trips to the same object and validates against the schema", () => {
  for (const [name, build] of DOCS) {
    const doc = build();
    const back = JSON.parse(emitJson(doc));
    deepEqual(back, plain(doc), name);
    assertValidDocument(back);
  }
});

Deno.test("emitJson() indents with two spaces and keeps the document's key order", () => {
  const out = emitJson(sampleDocument());
  ok(out.startsWith('{\n  "schema_version": 1,\n  "window": {\n    "start": '));
  deepEqual(Object.keys(JSON.parse(out)), Object.keys(sampleDocument()));
});

Deno.test("emitYaml() parses back to the same object", () => {
  for (const [name, build] of DOCS) {
    const doc = build();
    deepEqual(parseYaml(emitYaml(doc)), plain(doc), name);
  }
});

Deno.test("emitYaml() reads back the same under YAML 1.1 (times and yes/no stay strings)", () => {
  const doc = sampleDocument();
  // Values a YAML 1.1 reader (PyYAML) would turn into timestamps, booleans or numbers.
  doc.frames[0].windows = ["yes", "0o17", "1:20:30"];
  doc.frames[1].evidence.events = "5097";
  doc.blind_spots.push("off", "~", "2026-07-04");
  const text = emitYaml(doc);
  deepEqual(parseYaml(text, { version: "1.1" }), plain(doc));
  deepEqual(parseYaml(text), plain(doc));
  match(text, /start: "2026-07-04T09:02:10\+02:00"/);
});

Deno.test("emitYaml() reads back any strings and JSON values under YAML 1.2 and 1.1", () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ unit: "binary" }), { maxLength: 8 }),
      fc.dictionary(fc.string({ unit: "binary" }), fc.jsonValue(), { maxKeys: 4 }),
      (spots, inferred) => {
        // Only the serializer is under test, so a small stand-in keeps 500 runs fast.
        const doc = {
          schema_version: 1,
          blind_spots: spots,
          inferred,
        } as unknown as ActivityDocument;
        const text = emitYaml(doc);
        ok(!text.includes("\r") && text.endsWith("\n") && !text.endsWith("\n\n"));
        deepEqual(parseYaml(text), plain(doc));
        deepEqual(parseYaml(text, { version: "1.1" }), plain(doc));
      },
    ),
    { seed: 20260704, numRuns: 500 },
  );
});

Deno.test("emitYaml() never folds a long title and escapes line breaks", () => {
  const doc = sampleDocument();
  const long = `${"very long window title ".repeat(12)}end`;
  doc.frames[2].windows = [long, "two\r\nlines"];
  const text = emitYaml(doc);
  ok(text.split("\n").some((l) => l.endsWith(`- ${long}`)), "the long title is not on one line");
  ok(text.includes('"two\\r\\nlines"'));
  deepEqual(parseYaml(text), plain(doc));
});

Deno.test("emitYaml() writes a shared object twice instead of an alias", () => {
  const doc = sampleDocument();
  doc.frames[1].pages = doc.frames[0].pages; // same array object twice
  const text = emitYaml(doc);
  ok(!/[&*]a\d/.test(text), "anchor or alias in output");
  deepEqual(parseYaml(text), plain(doc));
});

Deno.test("assertValidDocument() accepts the sample and busy documents", () => {
  for (const [, build] of DOCS) assertValidDocument(plain(build()));
});

Deno.test("assertValidDocument() accepts the optional keys (inferred, generated_at, no site)", () => {
  const doc = plain(sampleDocument()) as ActivityDocument;
  doc.inferred = { "com.example.sessions": { confidence: "high", evidence: ["monitor_1:1001"] } };
  doc.generated_at = "2026-07-05T06:00:00.123Z";
  delete doc.window.day;
  delete doc.coverage.focused_minutes;
  delete doc.frames[0].site;
  doc.coverage.first_activity = null;
  assertValidDocument(doc);
});

function rejects(mutate: (doc: ActivityDocument) => void, path: RegExp): void {
  const doc = plain(sampleDocument()) as ActivityDocument;
  mutate(doc);
  const errors = schemaErrors(doc);
  ok(
    errors.some((e) => path.test(e)),
    `expected an error matching ${path}, got ${JSON.stringify(errors)}`,
  );
  throws(() => assertValidDocument(doc), /violates the schema/);
}

Deno.test("assertValidDocument() rejects evidence that is not in run form", () => {
  rejects(
    (d) => (d.frames[0].evidence.snapshots = "120..155"),
    /^\/frames\/0\/evidence\/snapshots /,
  );
  rejects((d) => (d.frames[0].evidence.snapshots = "120-"), /^\/frames\/0\/evidence\/snapshots /);
  rejects((d) => (d.frames[1].evidence.events = "1,,2"), /^\/frames\/1\/evidence\/events /);
  rejects((d) => (d.frames[1].evidence.events = " 1-2"), /^\/frames\/1\/evidence\/events /);
});

Deno.test("assertValidDocument() rejects a missing required key", () => {
  rejects(
    (d) => delete (d.frames[0] as Partial<ActivityDocument["frames"][0]>).evidence,
    /evidence/,
  );
  rejects((d) => delete (d.coverage as Partial<ActivityDocument["coverage"]>).gaps, /gaps/);
  rejects((d) => delete (d as Partial<ActivityDocument>).blind_spots, /blind_spots/);
  rejects(
    (d) => delete (d.frames[0].input as Partial<ActivityDocument["frames"][0]["input"]>).keys,
    /keys/,
  );
});

Deno.test("assertValidDocument() rejects a schema_version other than 1", () => {
  rejects((d) => ((d as { schema_version: number }).schema_version = 2), /^\/schema_version /);
  rejects((d) => ((d as { schema_version: unknown }).schema_version = "1"), /^\/schema_version /);
});

Deno.test("assertValidDocument() rejects unknown keys and wrong types", () => {
  rejects((d) => Object.assign(d.frames[0], { intent: "hiring" }), /additional properties/);
  rejects((d) => Object.assign(d.coverage, { frames_analyzed: 3 }), /additional properties/);
  rejects(
    (d) => ((d.frames[0] as { duration_min: unknown }).duration_min = "19.7"),
    /duration_min/,
  );
  rejects((d) => (d.frames[0].input.clicks = 1.5), /clicks/);
  rejects((d) => (d.frames[0].windows = ["a", "b", "c", "d"]), /windows/);
});

Deno.test("assertValidDocument() rejects times without offset or in another layout", () => {
  rejects((d) => (d.frames[0].start = "2026-07-04T09:02:10"), /^\/frames\/0\/start /);
  rejects((d) => (d.frames[0].end = "2026-07-04 09:21:50+02:00"), /^\/frames\/0\/end /);
  rejects((d) => (d.coverage.gaps[0].start = "2026-07-04T10:20+02:00"), /gaps\/0\/start/);
  rejects((d) => (d.window.day = "2026-7-4"), /^\/window\/day /);
});

Deno.test("emit modules read no clock, host timezone, locale or randomness", async () => {
  const banned =
    /Date\.now|new Date\(|\.toLocale|Intl\.|\.get(?:Hours|Minutes|Date|Day|Month|FullYear|TimezoneOffset)\(|performance\.now|Math\.random|localeCompare|Deno\./;
  const dir = new URL("../src/emit/", import.meta.url);
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && entry.name.endsWith(".ts")) names.push(entry.name);
  }
  ok(names.includes("context.ts") && names.includes("markdown.ts"));
  for (const name of names) {
    const source = await Deno.readTextFile(new URL(name, dir));
    const hit = banned.exec(source);
    ok(hit === null, `${name} uses ${hit?.[0]}`);
  }
});
