/**
 * Screen zones: the last level of click resolution, where no element row is near the
 * click but the display's geometry says roughly what part of the screen was hit.
 *
 * @module
 */

/** Part of a display a click landed in. */
export type Zone = "menu_bar" | "browser_chrome" | "sidebar" | "main_content";

/** Height of the system menu bar strip at the top of a display, in pixels. */
export const MENU_BAR_PX = 28;
/** Height of a browser's tab strip and address bar below the menu bar, in pixels. */
export const BROWSER_CHROME_PX = 100;
/** Width of the left sidebar, as a fraction of the display width. */
export const SIDEBAR_FRACTION = 0.2;

/** Options for {@linkcode screenZone}. */
export interface ZoneOptions {
  /** Display width in pixels. */
  width: number;
  /** Display height in pixels. */
  height: number;
  /** The clicked snapshot shows a browser page (it has a URL). */
  browser: boolean;
}

/**
 * The zone of a point in display-local pixels: menu bar (top strip), browser chrome (tabs
 * and address bar of a browser), sidebar (left fifth), else main content.
 */
export function screenZone(point: { x: number; y: number }, opts: ZoneOptions): Zone {
  const { x, y } = point;
  if (y < MENU_BAR_PX) return "menu_bar";
  if (opts.browser && y < MENU_BAR_PX + BROWSER_CHROME_PX) return "browser_chrome";
  if (x < opts.width * SIDEBAR_FRACTION) return "sidebar";
  return "main_content";
}
