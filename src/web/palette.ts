/**
 * Colours of the web view: a stable colour per app (a hash of its name picks a palette
 * entry, so an app keeps its colour across days, pages and restarts) and the page theme.
 * Every entry carries the label colour drawn on it; tests check each pair for WCAG 4.5:1.
 *
 * @module
 */

/** A palette entry: the fill of an app's shapes and the text colour of labels on it. */
export interface Swatch {
  /** Fill, `#rrggbb`. */
  fill: string;
  /** Label colour on that fill, `#rrggbb`. */
  text: string;
}

/** The default palette: mid-dark fills with white labels and light fills with near-black ones. */
export const PALETTE: readonly Swatch[] = [
  { fill: "#1f5fa8", text: "#ffffff" },
  { fill: "#a33b20", text: "#ffffff" },
  { fill: "#2a6e2e", text: "#ffffff" },
  { fill: "#6a3d9a", text: "#ffffff" },
  { fill: "#f2c14e", text: "#111111" },
  { fill: "#00666f", text: "#ffffff" },
  { fill: "#a8285f", text: "#ffffff" },
  { fill: "#9ad0f5", text: "#111111" },
  { fill: "#4a5866", text: "#ffffff" },
  { fill: "#f4a582", text: "#111111" },
  { fill: "#3949ab", text: "#ffffff" },
  { fill: "#b8e186", text: "#111111" },
  { fill: "#7b4a12", text: "#ffffff" },
  { fill: "#c7eae5", text: "#111111" },
  { fill: "#d9a6e0", text: "#111111" },
  { fill: "#fdd0a2", text: "#111111" },
];

/** The page's own colours (text on background, muted text, links, focus ring). */
export const THEME = {
  /** Page background. */
  bg: "#ffffff",
  /** Body text. */
  fg: "#1a1a1a",
  /** Secondary text (axis labels, notes). */
  muted: "#555555",
  /** Links. */
  link: "#0b57b0",
  /** Panel background (tables, the context block). */
  panel: "#f4f4f4",
  /** Keyboard focus outline. */
  focus: "#c2185b",
} as const;

/** FNV-1a over the UTF-16 code units: cheap, stable and the same in every runtime. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // A final avalanche (murmur3's fmix32), so names differing in one letter spread out.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** The palette entry of an app: the same app always gets the same entry. */
export function swatchOf(app: string, palette: readonly Swatch[] = PALETTE): Swatch {
  return palette[hash(app) % palette.length];
}

/** The index of an app's entry in the palette (a CSS class `c0`…`c15` names it). */
export function swatchIndex(app: string, palette: readonly Swatch[] = PALETTE): number {
  return hash(app) % palette.length;
}

/**
 * Colours for the apps shown together on one page: each app takes its hashed entry, and
 * when two apps' entries collide the one later by name moves to the next free entry, so
 * no two apps on a page share a colour (while the palette lasts). An app that collides
 * with nothing keeps its hashed entry on every page and day.
 */
export function colourMap(
  apps: Iterable<string>,
  palette: readonly Swatch[] = PALETTE,
): Map<string, Swatch> {
  const names = [...new Set(apps)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const taken = new Set<number>();
  const out = new Map<string, Swatch>();
  const later: string[] = [];
  // First pass: every app whose hashed entry is free takes it, in name order.
  for (const app of names) {
    const i = swatchIndex(app, palette);
    if (taken.has(i)) later.push(app);
    else {
      taken.add(i);
      out.set(app, palette[i]);
    }
  }
  for (const app of later) {
    let i = swatchIndex(app, palette);
    for (let k = 0; k < palette.length && taken.has(i); k++) i = (i + 1) % palette.length;
    taken.add(i);
    out.set(app, palette[i]);
  }
  return out;
}
