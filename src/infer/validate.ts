/**
 * Whether tier-2 entries fit a measured document (SPEC §10): every subject and every piece
 * of evidence must exist in it, and no entry may set a measured field.
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import { fromRuns } from "../compile/runs.ts";
import type { InferredEntry } from "./types.ts";
import schema from "../../schema/activity-document.schema.json" with { type: "json" };

// The measured fields come from the document's schema, so a field added to the measured
// tier can never be claimed by an inferred entry.
const DEFS = schema.definitions;
/** Measured fields of a frame (from the schema). */
export const FRAME_FIELDS: readonly string[] = Object.keys(DEFS.frame.properties);
const LEDGER_FIELDS: readonly string[] = Object.keys(DEFS.ledger_entry.properties);
const SITE_FIELDS: readonly string[] = Object.keys(DEFS.site_entry.properties);
const DOCUMENT_FIELDS: readonly string[] = Object.keys(schema.properties);

/** Looks things up in one measured document, building indexes only when first asked. */
export class MeasuredIndex {
  #doc: ActivityDocument;
  #frames?: Map<string, number>;
  #refs?: { snapshots: Set<number>; events: Set<number> };

  /** Indexes `doc` (its `inferred` key is never looked into). */
  constructor(doc: ActivityDocument) {
    this.#doc = doc;
  }

  /** Position of a frame in `frames[]`, or -1. */
  frameIndex(id: string): number {
    this.#frames ??= new Map(this.#doc.frames.map((f, i) => [f.id, i]));
    return this.#frames.get(id) ?? -1;
  }

  /** The measured object a subject names and the field names measured on it. */
  subject(subject: string): { fields: Set<string>; label: string } | undefined {
    const doc = this.#doc;
    const with_ = (obj: object, fields: readonly string[], label: string) => ({
      fields: new Set([...fields, ...Object.keys(obj)]),
      label,
    });
    if (subject === "document") return with_(doc, DOCUMENT_FIELDS, "the document");
    const colon = subject.indexOf(":");
    const kind = subject.slice(0, colon), name = subject.slice(colon + 1);
    if (colon < 0 || name === "") return undefined;
    if (kind === "frame") {
      const i = this.frameIndex(name);
      return i < 0 ? undefined : with_(doc.frames[i], FRAME_FIELDS, `frame ${name}`);
    }
    if (kind === "app") {
      const entry = doc.ledger.find((l) => l.app === name);
      return entry === undefined ? undefined : with_(entry, LEDGER_FIELDS, `app ${name}`);
    }
    if (kind === "site") {
      const entry = doc.sites.find((s) => s.site === name);
      return entry === undefined ? undefined : with_(entry, SITE_FIELDS, `site ${name}`);
    }
    return undefined;
  }

  /** True when an evidence item names something measured in the document. */
  hasEvidence(item: string): boolean {
    if (item.startsWith("/")) return this.#pointer(item);
    if (item.startsWith("frame:")) return this.frameIndex(item.slice(6)) >= 0;
    const m = /^(snapshot|event):(\d+)$/.exec(item);
    if (m) {
      this.#refs ??= this.#collectRefs();
      const ref = Number(m[2]);
      return (m[1] === "snapshot" ? this.#refs.snapshots : this.#refs.events).has(ref);
    }
    // A bare frame id (`monitor_1:1042`).
    return this.frameIndex(item) >= 0;
  }

  #pointer(pointer: string): boolean {
    const parts = pointer.slice(1).split("/").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    if (parts[0] === "inferred" || parts[0] === "") return false;
    let node: unknown = this.#doc;
    for (const p of parts) {
      if (Array.isArray(node)) {
        if (!/^(0|[1-9]\d*)$/.test(p) || Number(p) >= node.length) return false;
        node = node[Number(p)];
      } else if (typeof node === "object" && node !== null && Object.hasOwn(node, p)) {
        node = (node as Record<string, unknown>)[p];
      } else {
        return false;
      }
    }
    return true;
  }

  #collectRefs(): { snapshots: Set<number>; events: Set<number> } {
    const snapshots = new Set<number>(), events = new Set<number>();
    for (const f of this.#doc.frames) {
      for (const r of fromRuns(f.evidence.snapshots)) snapshots.add(r);
      for (const r of fromRuns(f.evidence.events)) events.add(r);
    }
    return { snapshots, events };
  }
}

/** Options for {@linkcode inferredProblems}. */
export interface InferredProblemsOptions {
  /** An index of `doc` to reuse across calls. */
  index?: MeasuredIndex;
}

/**
 * Every reason the entries cannot be attached to `doc`, as `entry N: …` lines (empty when
 * they all fit).
 */
export function inferredProblems(
  doc: ActivityDocument,
  entries: readonly InferredEntry[],
  opts: InferredProblemsOptions = {},
): string[] {
  const index = opts.index ?? new MeasuredIndex(doc);
  const out: string[] = [];
  const seen = new Map<string, number>();
  entries.forEach((e, i) => {
    const subject = index.subject(e.subject);
    if (subject === undefined) {
      out.push(`entry ${i}: subject "${e.subject}" is not in the document`);
    } else if (subject.fields.has(e.key)) {
      out.push(
        `entry ${i}: key "${e.key}" would overwrite the measured field ${e.key} of ${subject.label}`,
      );
    }
    if (e.evidence.length === 0) out.push(`entry ${i}: evidence is required`);
    for (const item of e.evidence) {
      if (!index.hasEvidence(item)) {
        out.push(`entry ${i}: evidence "${item}" does not exist in the document`);
      }
    }
    const id = e.subject + "\u0000" + e.key;
    const first = seen.get(id);
    if (first !== undefined) {
      out.push(`entry ${i}: "${e.key}" of ${e.subject} is already set by entry ${first}`);
    } else {
      seen.set(id, i);
    }
  });
  return out;
}
