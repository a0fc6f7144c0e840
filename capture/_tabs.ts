/**
 * Which browser window the extension's tab reports speak for, and what they say about it
 * (private or not, its URL). Pure: the recorder feeds it reports and asks about windows.
 *
 * Chromium on Linux marks an incognito window in no X property: its WM_CLASS, window role,
 * `_NET_WM_NAME` format and icon are those of a normal window (checked with xprop on
 * Chromium 156 under Xvfb). So the extension's report is the only witness, and it can come
 * late (a loaded machine), out of order (a retried POST overtakes a newer one) or not at
 * all (the extension not allowed in incognito). A window of a browser the extension is
 * known to run in is therefore private until a report classifies it — never the reverse.
 *
 * A report classifies a window when its title is the start of the window's title followed
 * by the browser's separator (`Page - Chromium`), it was not already taken by another
 * window, and it arrived at most {@linkcode REPORT_LEAD_MS} before the observation (a
 * report may precede the window manager's title change, never by much). A window one
 * report called private stays private while it exists: a browser window never leaves
 * incognito.
 *
 * @module
 */

/** The active tab as the browser extension last reported it. */
export interface TabReport {
  url: string;
  title?: string;
  incognito: boolean;
  /** When it was received. */
  at: number;
}

/** What the reports say about one window: private, or not with its page's URL. */
export type TabVerdict = { private: true } | { private: false; url: string };

/** How long before an observation a report may have arrived and still speak for it. */
export const REPORT_LEAD_MS = 2_000;

/** Reports kept (the extension sends one per tab change: a burst of switches fits). */
const KEEP_REPORTS = 32;
/** Windows remembered (private ones and the report that last classified each). */
const KEEP_WINDOWS = 256;

interface Held extends TabReport {
  /** The window the report was matched to, once it was. */
  window?: string;
}

/** Recent tab reports and the windows they classified; see the module doc. */
export class TabMemory {
  #reports: Held[] = [];
  #windows = new Map<string, TabVerdict & { title?: string }>();

  /** Keep a report; one without a title names no window and is kept for nothing. */
  add(tab: TabReport): void {
    if (tab.title === undefined || tab.title === "") return;
    this.#reports.push({ ...tab });
    if (this.#reports.length > KEEP_REPORTS) this.#reports.shift();
  }

  /**
   * What the reports say about window `id` titled `title`, observed at `at`; `undefined`
   * when no report speaks for it (yet). Matching reports are taken by this window.
   */
  classify(id: string, title: string | undefined, at: number): TabVerdict | undefined {
    const known = this.#windows.get(id);
    if (known?.private) return known;
    if (title === undefined) return undefined;
    const mine = this.#reports.filter((r) =>
      (r.window === id || (r.window === undefined && r.at >= at - REPORT_LEAD_MS)) &&
      titleMatches(r.title!, title)
    );
    for (const r of mine) r.window = id;
    if (mine.some((r) => r.incognito)) return this.#remember(id, { private: true });
    const last = mine.at(-1);
    if (last !== undefined) {
      return this.#remember(id, { private: false, url: last.url, title: last.title });
    }
    if (known !== undefined && known.title !== undefined && titleMatches(known.title, title)) {
      return known;
    }
    return undefined;
  }

  #remember(id: string, v: TabVerdict & { title?: string }): TabVerdict {
    this.#windows.delete(id);
    this.#windows.set(id, v);
    if (this.#windows.size > KEEP_WINDOWS) {
      this.#windows.delete(this.#windows.keys().next().value!);
    }
    return v.private ? { private: true } : { private: false, url: v.url };
  }
}

/** Separators browsers put between the page title and their own name. */
const SEPARATORS = [" - ", " — ", " – ", " | "];

/**
 * A tab titled `tab` is shown by a window titled `win` when `win` is `tab`, or `tab`
 * followed by a separator (`Page - Chromium`, `Page — Mozilla Firefox`); `Page` does not
 * name a window titled `Page two - Chromium`.
 */
export function titleMatches(tab: string, win: string): boolean {
  if (tab === "" || !win.startsWith(tab)) return false;
  const rest = win.slice(tab.length);
  return rest === "" || SEPARATORS.some((s) => rest.startsWith(s));
}
