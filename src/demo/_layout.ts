/**
 * Element trees for demo pages: accessibility nodes (AXWindow → groups → buttons, links,
 * text) with normalised bounds, plus OCR `line` rows, the shape screenpipe's `elements`
 * table holds and click resolution reads.
 *
 * @module
 */

import type { Random } from "./_random.ts";
import type { Page } from "./_catalog.ts";

/** One element row, with its parent as an index into the same layout (-1 = root). */
export interface LayoutRow {
  source: "accessibility" | "ocr";
  role: string;
  text: string | null;
  parent: number;
  depth: number;
  left: number;
  top: number;
  width: number;
  height: number;
  confidence: number | null;
}

/** Roles a user clicks on. */
export const CLICKABLE = new Set(["AXButton", "AXLink", "AXTab", "AXMenuItem", "AXCheckBox"]);

const LEAF_ROLES: Record<Page["layout"], readonly (readonly [string, number])[]> = {
  browser: [["AXLink", 5], ["AXStaticText", 6], ["AXButton", 2], ["AXImage", 1], ["AXHeading", 1]],
  editor: [["AXStaticText", 6], ["AXRow", 3], ["AXButton", 1], ["AXTab", 1]],
  chat: [["AXStaticText", 6], ["AXLink", 2], ["AXButton", 2], ["AXImage", 1]],
  meeting: [["AXButton", 3], ["AXStaticText", 2], ["AXImage", 2]],
  terminal: [["AXStaticText", 5], ["AXButton", 1]],
  plain: [["AXStaticText", 6], ["AXButton", 1], ["AXImage", 1]],
};

const TOOLBAR: Record<Page["layout"], readonly string[]> = {
  browser: ["Back", "Forward", "Reload", "Bookmark this tab", "Extensions"],
  editor: ["Explorer", "Search", "Source Control", "Run and Debug", "Extensions"],
  chat: ["Home", "DMs", "Activity", "Later"],
  meeting: ["Mute", "Stop Video", "Participants", "Share Screen", "Leave"],
  terminal: ["New Tab", "Split Pane"],
  plain: ["Zoom In", "Zoom Out", "Share"],
};

function round(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

/** Options for {@linkcode buildLayout}. */
export interface LayoutOptions {
  rng: Random;
  /** About how many rows to build. */
  size: number;
}

/** Build the element tree of a page with about `opts.size` rows. */
export function buildLayout(page: Page, opts: LayoutOptions): LayoutRow[] {
  const { rng, size } = opts;
  const rows: LayoutRow[] = [];
  const add = (
    source: LayoutRow["source"],
    role: string,
    text: string | null,
    parent: number,
    box: [number, number, number, number],
    confidence: number | null = null,
  ): number => {
    rows.push({
      source,
      role,
      text,
      parent,
      depth: parent < 0 ? 0 : rows[parent].depth + 1,
      left: round(box[0]),
      top: round(box[1]),
      width: round(box[2]),
      height: round(box[3]),
      confidence,
    });
    return rows.length - 1;
  };
  const root = add("accessibility", "AXWindow", page.title, -1, [0, 0, 1, 1]);
  const bar = add("accessibility", "AXToolbar", null, root, [0, 0, 1, 0.06]);
  const tools = TOOLBAR[page.layout];
  for (let i = 0; i < tools.length; i++) {
    add("accessibility", "AXButton", tools[i], bar, [0.01 + i * 0.035, 0.012, 0.03, 0.036]);
  }
  if (page.url !== null) {
    add("accessibility", "AXTextField", page.url, bar, [0.22, 0.012, 0.56, 0.036]);
  }
  const body = add("accessibility", "AXGroup", null, root, [0, 0.06, 1, 0.94]);
  const ocrShare = 0.12;
  const leaves = Math.max(4, Math.round(size * (1 - ocrShare)) - rows.length);
  const perColumn = 24;
  let group = body;
  for (let i = 0; i < leaves; i++) {
    if (i % perColumn === 0) {
      const col = Math.floor(i / perColumn) % 4;
      group = add("accessibility", "AXGroup", null, body, [col * 0.25, 0.07, 0.25, 0.92]);
    }
    const role = rng.weighted(LEAF_ROLES[page.layout]);
    const col = Math.floor(i / perColumn) % 4;
    const row = i % perColumn;
    const text = role === "AXImage" ? null : rng.pick(page.words);
    add("accessibility", role, text, group, [
      col * 0.25 + 0.01 + rng.range(0, 0.02),
      0.075 + row * 0.038,
      rng.range(0.08, 0.2),
      0.03,
    ]);
  }
  const lines = Math.max(1, Math.round(size * ocrShare));
  for (let i = 0; i < lines; i++) {
    add("ocr", "line", rng.pick(page.words), -1, [
      0.02 + rng.range(0, 0.3),
      0.07 + (i % 30) * 0.03,
      rng.range(0.1, 0.5),
      0.022,
    ], round(rng.range(0.82, 0.99)));
  }
  return rows;
}
