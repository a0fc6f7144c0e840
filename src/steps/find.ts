/**
 * `--find`: ranks frames against a free-text query by a documented score and says why
 * each frame matched.
 *
 * Score: the query is lower-cased and split on white space; each distinct token earns the
 * weight of the best field that contains it — app 3, site 3, window title 2, typed page
 * (kind or entity) 2, resolved click target 1, and typed text 1 only when the operator
 * opted in — and a frame's score is the sum. Ties rank by more tokens matched, then longer
 * duration, then earlier start, then id. Frames scoring 0 are left out.
 *
 * @module
 */

/** Field weights of the score. */
export const FIND_WEIGHTS = {
  app: 3,
  site: 3,
  title: 2,
  page: 2,
  target: 1,
  text: 1,
} as const;

/** A searchable field of a frame. */
export type FindField = keyof typeof FIND_WEIGHTS;

/** The values of a frame that a query is matched against. */
export interface FindDocument {
  /** The frame's stable id. */
  id: string;
  /** Frame start, UTC ms (ties rank earlier first). */
  startMs: number;
  /** Frame duration in ms (ties rank longer first). */
  durationMs: number;
  /** The frame's searchable values with the field each scores as. */
  fields: { field: FindField; value: string }[];
}

/** How a frame matched. */
export interface FindMatch {
  /** The matching frame's id. */
  id: string;
  /** The summed field weights of the matched tokens. */
  score: number;
  /** One line per matched token: `"token" in field: value`. */
  why: string[];
}

/** Splits a query into distinct lower-case tokens, in query order. */
export function queryTokens(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter((t) => t !== ""))];
}

/** Scores and ranks documents for a query (see the module doc for the score). */
export function rankFrames(docs: readonly FindDocument[], query: string): FindMatch[] {
  const tokens = queryTokens(query);
  const scored: (FindMatch & { matched: number; doc: FindDocument })[] = [];
  for (const doc of docs) {
    const lowered = doc.fields.map((f) => ({ ...f, lower: f.value.toLowerCase() }));
    let score = 0, matched = 0;
    const why: string[] = [];
    for (const token of tokens) {
      let best: (typeof lowered)[number] | undefined;
      for (const f of lowered) {
        if (!f.lower.includes(token)) continue;
        if (best === undefined || FIND_WEIGHTS[f.field] > FIND_WEIGHTS[best.field]) best = f;
      }
      if (best === undefined) continue;
      score += FIND_WEIGHTS[best.field];
      matched++;
      why.push(`"${token}" in ${best.field}: ${best.value}`);
    }
    if (score > 0) scored.push({ id: doc.id, score, why, matched, doc });
  }
  scored.sort((a, b) =>
    b.score - a.score || b.matched - a.matched || b.doc.durationMs - a.doc.durationMs ||
    a.doc.startMs - b.doc.startMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
  return scored.map(({ id, score, why }) => ({ id, score, why }));
}
