/**
 * The example tier-2 producer: categories from ActivityWatch-style rules. Deterministic —
 * the same document and rules always give the same entries — and honest about how sure it
 * is: `high` when a rule's regex matches a frame's whole app name, `medium` when it only
 * matches part of the app, a window title or the site.
 *
 * Rules are ActivityWatch's `classes`: `{name: ["Work", "Programming"], rule: {type:
 * "regex", regex, ignore_case?}}`; `type: "none"` rules only name parent categories. When
 * several rules match, the deepest category wins (then the earlier rule), as in
 * ActivityWatch.
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import type { InferredEntry, InferredFile } from "./types.ts";

/** One ActivityWatch category rule. */
export interface CategoryRule {
  /** The category path, e.g. `["Work", "Programming"]`. */
  name: string[];
  /** How ActivityWatch matches it; `none` rules only group their children. */
  rule: { type: "regex"; regex: string; ignore_case?: boolean } | { type: "none" };
}

/** The namespace the producer writes. */
export const CATEGORIES_NAMESPACE = "categories";

/**
 * Reads rules from JSON text: a list of rules, or ActivityWatch settings with a `classes`
 * list; throws a SyntaxError naming the first bad rule.
 */
export function parseCategoryRules(text: string): CategoryRule[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new SyntaxError(`Cannot read category rules: ${(err as Error).message}`);
  }
  const list = Array.isArray(raw) ? raw : typeof raw === "object" && raw !== null &&
      Array.isArray((raw as { classes?: unknown }).classes)
    ? (raw as { classes: unknown[] }).classes
    : undefined;
  if (list === undefined) {
    throw new SyntaxError(
      'Cannot read category rules: expected a list of rules or {"classes": [...]}',
    );
  }
  return list.map((r, i) => checkRule(r, i));
}

function checkRule(r: unknown, i: number): CategoryRule {
  const bad = (why: string) => new SyntaxError(`Cannot read category rule ${i}: ${why}`);
  if (typeof r !== "object" || r === null) throw bad("expected an object {name, rule}");
  const { name, rule } = r as { name?: unknown; rule?: unknown };
  const names = typeof name === "string" ? [name] : name;
  if (
    !Array.isArray(names) || names.length === 0 ||
    !names.every((n) => typeof n === "string" && n !== "")
  ) {
    throw bad("name must be a non-empty list of strings");
  }
  if (typeof rule !== "object" || rule === null) throw bad("rule must be an object");
  const { type, regex, ignore_case } = rule as Record<string, unknown>;
  if (type === "none") return { name: names as string[], rule: { type: "none" } };
  if (type !== "regex") {
    throw bad(`rule type must be "regex" or "none" (got ${JSON.stringify(type)})`);
  }
  if (typeof regex !== "string" || regex === "") throw bad("regex must be a non-empty string");
  if (ignore_case !== undefined && typeof ignore_case !== "boolean") {
    throw bad("ignore_case must be true or false");
  }
  try {
    new RegExp(regex, ignore_case ? "i" : "");
  } catch (err) {
    throw bad(`regex does not compile: ${(err as Error).message}`);
  }
  return {
    name: names as string[],
    rule: { type: "regex", regex, ...(ignore_case !== undefined ? { ignore_case } : {}) },
  };
}

interface Compiled {
  name: string[];
  any: RegExp;
  whole: RegExp;
  order: number;
}

/**
 * Categorises every listed frame of `doc` whose app, window titles or site a rule matches.
 *
 * @example
 * ```ts
 * const file = categorize(doc, parseCategoryRules(rulesText));
 * const enriched = addInferred(doc, file);
 * ```
 */
export function categorize(doc: ActivityDocument, rules: readonly CategoryRule[]): InferredFile {
  const compiled: Compiled[] = [];
  rules.forEach((r, order) => {
    if (r.rule.type !== "regex") return;
    const flags = r.rule.ignore_case ? "i" : "";
    compiled.push({
      name: r.name,
      any: new RegExp(r.rule.regex, flags),
      whole: new RegExp(`^(?:${r.rule.regex})$`, flags),
      order,
    });
  });
  const entries: InferredEntry[] = [];
  doc.frames.forEach((f, i) => {
    let best: { rule: Compiled; exact: boolean; pointer: string } | undefined;
    for (const rule of compiled) {
      const hit = matchFrame(rule, f.app, f.windows, f.site, i);
      if (hit === undefined) continue;
      if (best === undefined || rule.name.length > best.rule.name.length) best = { rule, ...hit };
    }
    if (best === undefined) return;
    entries.push({
      subject: `frame:${f.id}`,
      key: "category",
      value: [...best.rule.name],
      confidence: best.exact ? "high" : "medium",
      evidence: [`frame:${f.id}`, best.pointer],
    });
  });
  return {
    namespace: CATEGORIES_NAMESPACE,
    producer: "frames categories (ActivityWatch rules)",
    entries,
  };
}

function matchFrame(
  rule: Compiled,
  app: string,
  windows: readonly string[],
  site: string | undefined,
  i: number,
): { exact: boolean; pointer: string } | undefined {
  if (rule.whole.test(app)) return { exact: true, pointer: `/frames/${i}/app` };
  if (rule.any.test(app)) return { exact: false, pointer: `/frames/${i}/app` };
  for (let j = 0; j < windows.length; j++) {
    if (rule.any.test(windows[j])) return { exact: false, pointer: `/frames/${i}/windows/${j}` };
  }
  if (site !== undefined && rule.any.test(site)) {
    return { exact: false, pointer: `/frames/${i}/site` };
  }
  return undefined;
}
