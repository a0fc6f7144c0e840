/**
 * Screen-lock state from systemd-logind's `LockedHint`, which desktop lockers (GNOME,
 * KDE, light-locker, xss-lock users) set on the session. Read with `loginctl` every 10 s
 * in the background; absent logind or session, the watcher is simply unavailable.
 *
 * @module
 */

/** Parse `loginctl show-session ID -p LockedHint` output (`LockedHint=yes`, or `yes`). */
export function parseLockedHint(output: string): boolean | undefined {
  const m = /^(?:LockedHint=)?(yes|no)\s*$/m.exec(output.trim());
  return m === null ? undefined : m[1] === "yes";
}

/** Polls logind's LockedHint for the current session. */
export class LockWatcher {
  /** Whether the session is locked, as of the last read. */
  locked = false;
  readonly available: boolean;
  #timer: ReturnType<typeof setInterval> | undefined;
  #session: string;

  constructor(intervalMs = 10_000) {
    this.#session = Deno.env.get("XDG_SESSION_ID") ?? "";
    this.available = this.#session !== "" && exists("/run/systemd/seats");
    if (this.available) {
      this.#read();
      const timer = setInterval(() => this.#read(), intervalMs);
      Deno.unrefTimer(timer);
      this.#timer = timer;
    }
  }

  async #read(): Promise<void> {
    try {
      const out = await new Deno.Command("loginctl", {
        args: ["show-session", this.#session, "-p", "LockedHint"],
        stdout: "piped",
        stderr: "null",
      }).output();
      const v = parseLockedHint(new TextDecoder().decode(out.stdout));
      if (v !== undefined) this.locked = v;
    } catch {
      // No loginctl or no permission to run it: lock state stays what the X server says.
    }
  }

  close(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
  }
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}
