import { deepEqual, equal, throws } from "node:assert/strict";
import fc from "fast-check";
import { compile } from "../src/compile/mod.ts";
import {
  addInferred,
  categorize,
  type InferredEntry,
  type InferredFile,
  parseCategoryRules,
  parseInferredFile,
  stripInferred,
} from "../src/infer/mod.ts";
import { FRAME_FIELDS } from "../src/infer/validate.ts";
import { every, makeCapture } from "./_capture.ts";
import { assertValidDocument } from "./_schema.ts";

const DOC = compile(
  makeCapture([
    ...every(30, 0, 300, "Code"),
    ...every(30, 300, 600, "Google Chrome", "https://github.com/acme/api/pull/1"),
    ...every(30, 600, 900, "Slack"),
  ], { events: [[10, "click"], [320, "key"]] }),
  { tz: "UTC", minMinutes: 0 },
);
const CODE = DOC.frames[0].id, CHROME = DOC.frames[1].id;

function entry(extra: Partial<InferredEntry> = {}): InferredEntry {
  return {
    subject: `frame:${CODE}`,
    key: "focus_session",
    value: true,
    confidence: "medium",
    evidence: [`frame:${CODE}`],
    ...extra,
  };
}

function file(...entries: InferredEntry[]): InferredFile {
  return { namespace: "com.example.focus", entries };
}

function rejected(f: InferredFile, message: RegExp): void {
  throws(
    () => addInferred(DOC, f),
    (err: Error) => err instanceof TypeError && message.test(err.message),
  );
}

Deno.test("addInferred() rejects an entry that tries to overwrite a measured field", () => {
  rejected(
    file(entry({ key: "app", value: "Definitely Not Code" })),
    /key "app" would overwrite the measured field app of frame monitor_1:1/,
  );
  rejected(file(entry({ key: "duration_min", value: 999 })), /measured field duration_min/);
  rejected(
    file(entry({ subject: "app:Slack", key: "minutes", value: 0 })),
    /measured field minutes of app Slack/,
  );
  rejected(
    file(entry({ subject: "document", key: "coverage", value: {} })),
    /measured field coverage of the document/,
  );
  // A key the frame does not carry today is still a measured field name.
  rejected(file(entry({ key: "focused_min", value: 1 })), /measured field focused_min/);
  equal(DOC.inferred, undefined, "the measured document is untouched");
});

Deno.test("addInferred() rejects entries without evidence or with evidence the document lacks", () => {
  rejected(file(entry({ evidence: [] })), /evidence is required/);
  rejected(
    file(entry({ evidence: ["frame:monitor_9:1"] })),
    /evidence "frame:monitor_9:1" does not exist/,
  );
  rejected(
    file(entry({ evidence: ["/frames/99/app"] })),
    /evidence "\/frames\/99\/app" does not exist/,
  );
  rejected(file(entry({ evidence: ["/inferred"] })), /does not exist/);
  rejected(file(entry({ evidence: ["event:424242"] })), /evidence "event:424242" does not exist/);
  rejected(
    file(entry({ subject: "frame:monitor_9:1" })),
    /subject "frame:monitor_9:1" is not in the document/,
  );
  rejected(file(entry(), entry()), /already set by entry 0/);
  rejected(
    file(entry({ confidence: "certain" as "high" })),
    /confidence must be one of high, medium, speculative/,
  );
});

Deno.test("addInferred() attaches evidenced entries under the namespace, keeping the measured part", () => {
  const events = DOC.frames[0].evidence.events;
  const doc = addInferred(DOC, {
    namespace: "com.example.focus",
    producer: "test",
    entries: [
      entry({ evidence: [CODE, `/frames/0/app`, `event:${events}`] }),
      entry({
        subject: "site:github.com",
        key: "work_site",
        evidence: [`frame:${CHROME}`, "/sites/0/minutes"],
      }),
    ],
  });
  assertValidDocument(doc);
  deepEqual(Object.keys(doc.inferred!), ["com.example.focus"]);
  equal((doc.inferred!["com.example.focus"] as { entries: unknown[] }).entries.length, 2);
  deepEqual({ ...doc, inferred: undefined }, { ...DOC, inferred: undefined });
  throws(() => addInferred(doc, file(entry())), /already has this namespace/);
  const replaced = addInferred(doc, file(entry({ value: false })), { replace: true });
  deepEqual(
    (replaced.inferred!["com.example.focus"] as { entries: InferredEntry[] }).entries[0].value,
    false,
  );
});

Deno.test("stripInferred() always gives back the measured compile byte for byte, schema-valid", () => {
  const measured = JSON.stringify(DOC);
  const stamped = { ...DOC, generated_at: "2026-07-05T06:00:00Z" };
  const keys = fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/).filter((k) => !FRAME_FIELDS.includes(k));
  const entryArb = fc.record({
    frame: fc.integer({ min: 0, max: DOC.frames.length - 1 }),
    key: keys,
    value: fc.jsonValue(),
    confidence: fc.constantFrom("high", "medium", "speculative"),
  });
  fc.assert(
    fc.property(
      fc.uniqueArray(entryArb, { selector: (e) => `${e.frame}/${e.key}`, maxLength: 6 }),
      fc.boolean(),
      (list, withStamp) => {
        const base = withStamp ? stamped : DOC;
        const entries: InferredEntry[] = list.map((e) => ({
          subject: `frame:${DOC.frames[e.frame].id}`,
          key: e.key,
          value: e.value,
          confidence: e.confidence as InferredEntry["confidence"],
          evidence: [DOC.frames[e.frame].id, `/frames/${e.frame}/duration_min`],
        }));
        const withInferred = addInferred(base, { namespace: "gen", entries });
        assertValidDocument(JSON.parse(JSON.stringify(withInferred)));
        const stripped = stripInferred(withInferred);
        assertValidDocument(stripped);
        equal(JSON.stringify(stripped), JSON.stringify(base));
        if (!withStamp) equal(JSON.stringify(stripped), measured);
      },
    ),
    { seed: 4, numRuns: 200 },
  );
});

Deno.test("parseInferredFile() reads the tier-2 file format and names every shape problem", () => {
  const text = JSON.stringify({ namespace: "categories", entries: [entry()] });
  deepEqual(parseInferredFile(text), { namespace: "categories", entries: [entry()] });
  throws(
    () =>
      parseInferredFile(
        JSON.stringify({ namespace: "bad space", entries: [{ subject: "document", key: "App" }] }),
      ),
    (err: Error) =>
      err instanceof SyntaxError && /namespace must be/.test(err.message) &&
      /entry 0: key must be a lower-case identifier/.test(err.message) &&
      /entry 0: evidence is required/.test(err.message),
  );
});

Deno.test("categorize() rates exact app rules high and title or site regexes medium", () => {
  const rules = parseCategoryRules(JSON.stringify({
    classes: [
      { name: ["Work"], rule: { type: "none" } },
      { name: ["Work", "Programming"], rule: { type: "regex", regex: "Code|vim" } },
      { name: ["Work", "Review"], rule: { type: "regex", regex: "GITHUB", ignore_case: true } },
      { name: ["Comms"], rule: { type: "regex", regex: "Slack" } },
      { name: ["Comms", "Chat", "Team"], rule: { type: "regex", regex: "lack" } },
    ],
  }));
  const out = categorize(DOC, rules);
  deepEqual(out.entries.map((e) => [e.subject, e.value, e.confidence, e.evidence[1]]), [
    [`frame:${CODE}`, ["Work", "Programming"], "high", "/frames/0/app"],
    [`frame:${CHROME}`, ["Work", "Review"], "medium", "/frames/1/site"],
    // The deepest matching category wins, as in ActivityWatch, even from a partial match.
    ["frame:monitor_1:21", ["Comms", "Chat", "Team"], "medium", "/frames/2/app"],
  ]);
  assertValidDocument(addInferred(DOC, out));
  throws(
    () => parseCategoryRules('[{"name": ["X"], "rule": {"type": "regex", "regex": "("}}]'),
    /rule 0: regex does not compile/,
  );
});
