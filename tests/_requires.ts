/**
 * Registers tests that need Debian packages (a real X server, Chromium). When one is
 * missing the test is ignored and the reason printed — never failed, never passed
 * silently; under CI it runs and fails with "missing prerequisite: …", so CI always runs
 * the real thing. What is installed comes from the record `tests/setup.ts` left, or a
 * fresh check when there is none (a test file run on its own).
 *
 * @module
 */

import {
  BROWSER_PACKAGES,
  CAPTURE_PACKAGES,
  installCommand,
  missingPackages,
  readRecord,
  X11_PACKAGES,
} from "./_prereq.ts";

/** A test body, as `Deno.test` takes it. */
export type TestFn = (t: Deno.TestContext) => void | Promise<void>;

/** Test options other than name and body, as `Deno.test` takes them. */
export type TestOptions = Omit<Deno.TestDefinition, "name" | "fn">;

/** Registers one test the way `Deno.test(name, options, fn)` does. */
export type Register = (name: string, options: TestOptions, fn: TestFn) => void;

/** How a test with prerequisites is registered. */
export type Decision =
  | { kind: "run" }
  | { kind: "ignore"; reason: string }
  | { kind: "fail"; message: string };

/** True when the environment says this is CI (`CI=true`, as CI services set it). */
export function isCi(env: { get(key: string): string | undefined } = Deno.env): boolean {
  const ci = (env.get("CI") ?? "").toLowerCase();
  return ci !== "" && ci !== "0" && ci !== "false";
}

/** Decides whether a test runs, is ignored with a reason, or fails (CI) for `missing` packages. */
export function decide(missing: readonly string[], ci: boolean): Decision {
  if (missing.length === 0) return { kind: "run" };
  const what = `missing prerequisite: ${missing.join(", ")} (Debian packages); install with: ` +
    `${installCommand(missing, "none")}, or run \`deno task test\` as root`;
  return ci ? { kind: "fail", message: what } : { kind: "ignore", reason: what };
}

/** The installed packages: from set-up's record when it is fresh, else asked of dpkg now. */
async function installedPackages(): Promise<Set<string>> {
  const record = readRecord();
  if (record !== null) {
    return new Set(Object.keys(record.packages).filter((p) => record.packages[p]));
  }
  const missing = await missingPackages(CAPTURE_PACKAGES);
  return new Set(CAPTURE_PACKAGES.filter((p) => !missing.includes(p)));
}

// Once per test file: one dpkg-query (or one record read), not one per test.
const installed = await installedPackages();

/** A `Deno.test` stand-in for tests that need `packages`. */
export function testNeeding(packages: readonly string[]): Register {
  return function register(name: string, options: TestOptions, fn: TestFn): void {
    const decision = decide(packages.filter((p) => !installed.has(p)), isCi());
    if (decision.kind === "ignore") {
      console.log(`ignored: ${name}: ${decision.reason}`);
      Deno.test({ ...options, name, ignore: true, fn });
    } else if (decision.kind === "fail") {
      const message = decision.message;
      Deno.test({
        ...options,
        name,
        fn() {
          throw new Error(message);
        },
      });
    } else {
      Deno.test({ ...options, name, fn });
    }
  };
}

/** Registers a test that runs under Xvfb with openbox, xterm and xdotool. */
export const x11Test: Register = testNeeding(X11_PACKAGES);

/** Registers a test that drives Debian's Chromium under Xvfb. */
export const browserTest: Register = testNeeding(BROWSER_PACKAGES);

/** Registers a test that loads libX11 through FFI without an X server. */
export const libX11Test: Register = testNeeding(["libx11-6"]);
