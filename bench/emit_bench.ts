/**
 * Benchmarks of the four emitters on the busy synthetic day (250 frames, 40 apps, 120 sites).
 *
 * @module
 */

import { emitContext, emitJson, emitMarkdown, emitYaml } from "../src/emit/mod.ts";
import { busyDocument } from "../tests/_sample_document.ts";

const doc = busyDocument();

Deno.bench({ name: "emitJson() busy day", group: "emit", baseline: true }, () => {
  emitJson(doc);
});

Deno.bench({ name: "emitYaml() busy day", group: "emit" }, () => {
  emitYaml(doc);
});

Deno.bench({ name: "emitMarkdown() busy day", group: "emit" }, () => {
  emitMarkdown(doc);
});

Deno.bench({ name: "emitContext() busy day, 1,500 tokens", group: "emit" }, () => {
  emitContext(doc, { budget: 1500 });
});

Deno.bench({ name: "emitContext() busy day, 4,000 tokens", group: "emit" }, () => {
  emitContext(doc, { budget: 4000 });
});
