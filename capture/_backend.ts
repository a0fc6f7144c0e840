/**
 * The interface every OS backend of the capture engine implements (X11, macOS, Windows):
 * what holds focus, the displays, idle and lock state, and a stream of input and change
 * notifications. The engine (engine.ts) owns timing, exclusions and the store; a backend
 * only observes.
 *
 * @module
 */

import type { DisplayGeometry } from "../src/model.ts";

/** The focused window as a backend sees it. */
export interface WindowInfo {
  /** Backend-specific window identity (an X window id, a pid:window pair, an HWND). */
  id: string;
  /** Application name: WM_CLASS class, bundle name or process image without `.exe`. */
  app: string;
  /** Window title, when the window has one. */
  title?: string;
  /** Lower-case aliases the app is also known by (WM_CLASS instance, process name, bundle id). */
  aliases?: string[];
  /** The window's process id, when the window system tells it (`_NET_WM_PID`). */
  pid?: number;
  /** Process name (`/proc/PID/comm`, image name). */
  process?: string;
  /** The window's rectangle in global pixels, when known. */
  bounds?: { x: number; y: number; width: number; height: number };
  /** The page URL when the backend can read it itself (macOS AppleScript). */
  url?: string;
  /** The window is a private/incognito browser window, when the backend can tell. */
  private?: boolean;
}

/** Why the screen is not in use. */
export type AwayReason = "locked" | "screensaver" | "asleep";

/** Idle time and screen state. */
export interface ScreenState {
  /** Milliseconds since the last keyboard or pointer input, when known. */
  idleMs?: number;
  /** Set while the screen is locked, blanked by a screen saver or asleep. */
  away?: AwayReason;
}

/** A notification from the backend. Typed content is never part of it. */
export type BackendEvent =
  | { type: "focus" }
  | { type: "title" }
  | { type: "screen" }
  | { type: "displays" }
  | { type: "key"; at: number }
  | { type: "click"; at: number; x?: number; y?: number; button: number }
  | { type: "scroll"; at: number; x?: number; y?: number };

/** What a backend could not set up, with the consequence, for `frames capture status`. */
export interface Missing {
  /** The library, extension or permission, e.g. `libXi.so.6 (Debian package libxi6)`. */
  what: string;
  /** What the engine cannot record without it. */
  effect: string;
}

/** A capture backend (one per OS). */
export interface CaptureBackend {
  /** `x11`, `macos` or `windows`. */
  readonly name: string;
  /** Where the rows come from, for the store's provenance row (e.g. `x11::0@host`). */
  readonly location: string;
  /** What it can observe. */
  readonly can: { input: boolean; idle: boolean; lock: boolean; geometry: boolean };
  /** Libraries, extensions or permissions that are absent. */
  readonly missing: readonly Missing[];
  /** The window holding the keyboard focus, or `undefined` for none (the desktop). */
  focused(): WindowInfo | undefined;
  /** Whether a window still exists (for streams of displays that lost focus). */
  exists(id: string): boolean;
  /** The displays now attached, with geometry, for the store's display rows. */
  displays(): DisplayGeometry[];
  /** Idle time and lock/screen-saver state right now. */
  screen(): ScreenState;
  /**
   * Wait up to `timeoutMs` for notifications; resolves with the ones that arrived (possibly
   * none). `wake` resolves early when another part of the engine has news.
   */
  next(timeoutMs: number, wake?: Promise<unknown>): Promise<BackendEvent[]>;
  /** Resolves once the backend has a first observation (helpers need a moment). */
  ready?(): Promise<void>;
  /** How often the engine must re-check focus itself (no event source), in ms; 0 = never. */
  readonly focusPollMs: number;
  /** Release the window system connection and any helper process. */
  close(): void;
}
