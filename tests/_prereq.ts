/**
 * What the test suite needs from the machine beyond Deno: the Debian packages behind the
 * capture tests (a real X server, window manager, X clients and Chromium), how to check
 * them, how to install the missing ones, and the record `tests/setup.ts` leaves for the
 * tests to read.
 *
 * Every side effect (dpkg-query, apt-get, the privilege check) comes in through
 * {@linkcode SetUpOptions} so the missing-package path is testable on a machine that has
 * everything: `FRAMES_TEST_PRETEND_MISSING=xvfb,chromium` makes the packages it names look
 * missing and never runs apt-get.
 *
 * @module
 */

import { createHash } from "node:crypto";
import { join } from "node:path";

/** Packages a test under Xvfb needs: server, window manager, X clients, the engine's libraries. */
export const X11_PACKAGES: readonly string[] = [
  "xvfb",
  "openbox",
  "xdotool",
  "x11-utils",
  "libx11-6",
  "libxss1",
  "libxi6",
  "libxrandr2",
  "xterm",
];

/** Packages the browser test needs: an X session plus Debian's Chromium (/usr/bin/chromium). */
export const BROWSER_PACKAGES: readonly string[] = [...X11_PACKAGES, "chromium"];

/** Every package the capture tests need, in the order apt-get is given them. */
export const CAPTURE_PACKAGES: readonly string[] = BROWSER_PACKAGES;

/** The environment variable naming packages to treat as missing (comma- or space-separated). */
export const PRETEND_ENV = "FRAMES_TEST_PRETEND_MISSING";

/** Answers which of `packages` are installed; the default asks dpkg-query. */
export type PackageQuery = (packages: readonly string[]) => Promise<Set<string>>;

/** How set-up may install packages: as root, through passwordless sudo, or not at all. */
export type Privilege = "root" | "sudo" | "none";

/** Runs one command for set-up (apt-get); resolves to its exit code. */
export type Runner = (cmd: string, args: readonly string[]) => Promise<number>;

/** What set-up found out; written as JSON for the tests and printed as lines for people. */
export interface SetUpRecord {
  /** Packages checked, each with whether it is installed (after any install attempt). */
  packages: Record<string, boolean>;
  /** The packages still missing, in {@linkcode CAPTURE_PACKAGES} order. */
  missing: string[];
  /** The command that installs {@linkcode SetUpRecord.missing}, or null when nothing is missing. */
  install: string | null;
  /** The pretend list in force, so a record made under pretence is never read without it. */
  pretend: string[];
  /** mtime of dpkg's status file: any install or removal since set-up makes the record stale. */
  dpkgStamp: number | null;
}

/** Injected effects and inputs of {@linkcode setUp}; each defaults to the real machine. */
export interface SetUpOptions {
  /** Packages to check (default {@linkcode CAPTURE_PACKAGES}). */
  packages?: readonly string[];
  /** Stand-in for dpkg-query. */
  query?: PackageQuery;
  /** Stand-in for the root / `sudo -n` check. */
  privilege?: () => Promise<Privilege>;
  /** Stand-in for running apt-get. */
  run?: Runner;
  /** Packages to treat as missing and not installable (default: from {@linkcode PRETEND_ENV}). */
  pretend?: readonly string[];
  /** Receives each line set-up prints. */
  log?: (line: string) => void;
}

/** The result of {@linkcode setUp}: ok when nothing is missing. */
export interface SetUpResult {
  /** True when every package is installed. */
  ok: boolean;
  /** What was found, for {@linkcode writeRecord}. */
  record: SetUpRecord;
}

/** Reads the pretend list from {@linkcode PRETEND_ENV}. */
export function pretendMissing(): string[] {
  return (Deno.env.get(PRETEND_ENV) ?? "").split(/[\s,]+/).filter((p) => p !== "");
}

/** The apt-get line a person runs to install `packages`. */
export function installCommand(packages: readonly string[], privilege: Privilege): string {
  const sudo = privilege === "root" ? "" : "sudo ";
  return `${sudo}apt-get install -y --no-install-recommends ${packages.join(" ")}`;
}

/** Asks dpkg-query which packages are installed; none are when dpkg-query cannot run. */
export async function dpkgQuery(packages: readonly string[]): Promise<Set<string>> {
  const installed = new Set<string>();
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command("dpkg-query", {
      args: ["-W", "-f=${Package} ${Status}\\n", ...packages],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).output();
  } catch {
    // Not Debian (or no --allow-run): nothing can be shown installed, so all is missing.
    return installed;
  }
  // dpkg-query exits 1 when one package is unknown but still prints the known ones.
  for (const line of new TextDecoder().decode(out.stdout).split("\n")) {
    const [pkg, ...status] = line.split(" ");
    if (status.join(" ") === "install ok installed") installed.add(pkg.split(":")[0]);
  }
  return installed;
}

/** Root, passwordless sudo, or neither — the same test `.ci/run` used. */
export async function detectPrivilege(): Promise<Privilege> {
  if (Deno.uid() === 0) return "root";
  try {
    const sudo = await new Deno.Command("sudo", {
      args: ["-n", "true"],
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    return sudo.success ? "sudo" : "none";
  } catch {
    return "none";
  }
}

/** Runs a command with inherited output, as apt-get's progress should be seen. */
export async function runInherited(cmd: string, args: readonly string[]): Promise<number> {
  try {
    const out = await new Deno.Command(cmd, { args: [...args], stdin: "null" }).output();
    return out.code;
  } catch {
    return 127;
  }
}

/** Which of `packages` are missing, honouring the pretend list. */
export async function missingPackages(
  packages: readonly string[],
  opts: { query?: PackageQuery; pretend?: readonly string[] } = {},
): Promise<string[]> {
  const installed = await (opts.query ?? dpkgQuery)(packages);
  const pretend = new Set(opts.pretend ?? pretendMissing());
  return packages.filter((p) => !installed.has(p) || pretend.has(p));
}

/**
 * Checks the capture tests' packages and installs the missing ones with apt-get when it
 * may (root or passwordless sudo), exactly as `.ci/run` did; otherwise logs one line per
 * missing package with the command that installs it.
 */
export async function setUp(opts: SetUpOptions = {}): Promise<SetUpResult> {
  const packages = opts.packages ?? CAPTURE_PACKAGES;
  const pretend = [...(opts.pretend ?? pretendMissing())];
  const log = opts.log ?? ((line: string) => console.log(line));
  const query = opts.query ?? dpkgQuery;
  let missing = await missingPackages(packages, { query, pretend });
  let privilege: Privilege = "none";
  if (missing.length === 0) {
    log(`tests/setup: already installed: ${packages.join(" ")}`);
  } else {
    // Pretended packages are installed in truth: apt-get would change nothing, slowly.
    privilege = pretend.length > 0 ? "none" : await (opts.privilege ?? detectPrivilege)();
    if (privilege !== "none") {
      const run = opts.run ?? runInherited;
      const asRoot = privilege === "root" ? ["env"] : ["sudo", "-n", "env"];
      const apt = [...asRoot.slice(1), "DEBIAN_FRONTEND=noninteractive", "apt-get"];
      log(`tests/setup: installing with apt-get: ${missing.join(" ")}`);
      const ok = await run(asRoot[0], [...apt, "update", "-q"]) === 0 &&
        await run(asRoot[0], [
            ...apt,
            "install",
            "-y",
            "-q",
            "--no-install-recommends",
            ...missing,
          ]) === 0;
      if (!ok) log(`tests/setup: apt-get could not install ${missing.join(" ")}`);
      missing = await missingPackages(packages, { query, pretend });
    }
    for (const pkg of missing) {
      log(
        `Install the Debian package ${pkg} for the capture tests: ${
          installCommand([pkg], privilege)
        }`,
      );
    }
  }
  const record: SetUpRecord = {
    packages: Object.fromEntries(packages.map((p) => [p, !missing.includes(p)])),
    missing,
    install: missing.length > 0 ? installCommand(missing, privilege) : null,
    pretend,
    dpkgStamp: dpkgStamp(),
  };
  return { ok: missing.length === 0, record };
}

/** mtime of /var/lib/dpkg/status, which changes with every install or removal. */
export function dpkgStamp(): number | null {
  try {
    return Deno.statSync("/var/lib/dpkg/status").mtime?.getTime() ?? null;
  } catch {
    return null;
  }
}

/** Where set-up leaves its record: a temp file per checkout, so worktrees never share one. */
export function recordPath(): string {
  const root = new URL("..", import.meta.url).pathname;
  const key = createHash("sha256").update(root).digest("hex").slice(0, 12);
  const tmp = Deno.env.get("TMPDIR") || "/tmp";
  return join(tmp, `frames-test-setup-${key}.json`);
}

/** Writes the record where {@linkcode readRecord} finds it. */
export function writeRecord(record: SetUpRecord, path: string = recordPath()): void {
  Deno.writeTextFileSync(path, JSON.stringify(record, null, 2) + "\n");
}

/** The record set-up left, or null when there is none or it no longer describes this machine. */
export function readRecord(path: string = recordPath()): SetUpRecord | null {
  let record: SetUpRecord;
  try {
    record = JSON.parse(Deno.readTextFileSync(path));
  } catch {
    return null;
  }
  const fresh = record.dpkgStamp === dpkgStamp() &&
    record.pretend.join(",") === pretendMissing().join(",");
  return fresh ? record : null;
}
