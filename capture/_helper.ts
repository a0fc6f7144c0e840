/**
 * A backend fed by a long-running helper process that prints one JSON sample per line
 * (macOS: `osascript -l JavaScript`; Windows: `powershell`). The helper polls the OS in
 * its own loop; this side turns samples into focus/title/screen notifications. Used where
 * no event source is reachable from Deno without native code.
 *
 * @module
 */

import type { DisplayGeometry } from "../src/model.ts";
import type { BackendEvent, CaptureBackend, Missing, ScreenState, WindowInfo } from "./_backend.ts";

/** One sample as the OS-specific parser returns it. */
export interface Sample {
  window?: WindowInfo;
  screen: ScreenState;
  displays?: DisplayGeometry[];
  /** Permissions or tools the helper reported missing. */
  missing?: Missing[];
}

/** Options for {@linkcode HelperBackend}. */
export interface HelperBackendOptions {
  name: string;
  location: string;
  /** The helper's command line. */
  command: string[];
  /** Turn one output line into a sample (or `undefined` to ignore it). */
  parse: (line: string) => Sample | undefined;
  can: CaptureBackend["can"];
}

/** A backend over a helper process's JSON lines. */
export class HelperBackend implements CaptureBackend {
  readonly name: string;
  readonly location: string;
  readonly can: CaptureBackend["can"];
  readonly missing: Missing[] = [];
  readonly focusPollMs = 0;
  #child: Deno.ChildProcess;
  #parse: HelperBackendOptions["parse"];
  #last: Sample = { screen: {} };
  #events: BackendEvent[] = [];
  #notify: (() => void) | undefined;
  #seen = new Map<string, number>();
  #closed = false;
  #first: Promise<void>;
  #gotFirst: () => void = () => {};

  constructor(opts: HelperBackendOptions) {
    this.name = opts.name;
    this.location = opts.location;
    this.can = opts.can;
    this.#parse = opts.parse;
    this.#first = new Promise((r) => this.#gotFirst = r);
    const [cmd, ...args] = opts.command;
    try {
      this.#child = new Deno.Command(cmd, {
        args,
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
    } catch (err) {
      throw new Error(
        `Cannot start the ${opts.name} capture helper "${cmd}": ${(err as Error).message}`,
      );
    }
    this.#read(this.#child.stdout);
    this.#read(this.#child.stderr);
    this.#child.status.then((s) => {
      if (!this.#closed) {
        this.missing.push({
          what: `the ${opts.name} capture helper (exited with code ${s.code})`,
          effect: "nothing more is captured until the engine restarts",
        });
        this.#push({ type: "screen" });
      }
    });
  }

  async #read(stream: ReadableStream<Uint8Array>): Promise<void> {
    let buf = "";
    const dec = new TextDecoder();
    try {
      for await (const chunk of stream) {
        buf += dec.decode(chunk, { stream: true });
        let i;
        while ((i = buf.indexOf("\n")) >= 0) {
          this.#line(buf.slice(0, i).trim());
          buf = buf.slice(i + 1);
        }
      }
    } catch {
      // The helper went away; its exit is reported by the status handler.
    }
  }

  #line(line: string): void {
    if (line === "") return;
    const s = this.#parse(line);
    if (s === undefined) return;
    for (const m of s.missing ?? []) {
      if (!this.missing.some((x) => x.what === m.what)) this.missing.push(m);
    }
    const prev = this.#last;
    this.#last = { ...s, displays: s.displays ?? prev.displays };
    this.#gotFirst();
    if (s.window !== undefined) this.#seen.set(s.window.id, Date.now());
    const a = prev.window, b = s.window;
    if (a?.id !== b?.id || a?.app !== b?.app) this.#push({ type: "focus" });
    else if (a?.title !== b?.title || a?.url !== b?.url) this.#push({ type: "title" });
    if (prev.screen.away !== s.screen.away) this.#push({ type: "screen" });
    if (s.displays && JSON.stringify(s.displays) !== JSON.stringify(prev.displays)) {
      this.#push({ type: "displays" });
    }
  }

  #push(e: BackendEvent): void {
    this.#events.push(e);
    this.#notify?.();
  }

  /** Resolves at the first sample, or after 5 s. */
  ready(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([
      this.#first,
      new Promise<void>((r) => timer = setTimeout(r, 5000)),
    ]).finally(() => clearTimeout(timer));
  }

  focused(): WindowInfo | undefined {
    return this.#last.window;
  }

  exists(id: string): boolean {
    const t = this.#seen.get(id);
    return t !== undefined && Date.now() - t < 10 * 60_000;
  }

  displays(): DisplayGeometry[] {
    return this.#last.displays ?? [];
  }

  screen(): ScreenState {
    if (this.#child === undefined) return {};
    return this.#last.screen;
  }

  async next(timeoutMs: number, wake?: Promise<unknown>): Promise<BackendEvent[]> {
    if (this.#events.length === 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        new Promise<void>((r) => {
          this.#notify = r;
          timer = setTimeout(r, Math.max(0, timeoutMs));
        }),
        ...(wake ? [wake] : []),
      ]);
      clearTimeout(timer);
      this.#notify = undefined;
    }
    const out = this.#events;
    this.#events = [];
    return out;
  }

  close(): void {
    this.#closed = true;
    try {
      this.#child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
  }
}
