import assert from "node:assert/strict";
import { join } from "node:path";
import {
  CAPTURE_PACKAGES,
  type PackageQuery,
  PRETEND_ENV,
  readRecord,
  setUp,
  type SetUpRecord,
  writeRecord,
} from "./_prereq.ts";
import { decide, isCi } from "./_requires.ts";
import { cleanEnv } from "./_frames.ts";

/** A dpkg-query stand-in: everything in CAPTURE_PACKAGES is installed except `missing`. */
function queryWithout(...missing: string[]): PackageQuery {
  return (packages) => Promise.resolve(new Set(packages.filter((p) => !missing.includes(p))));
}

Deno.test("setUp() without root or sudo prints one install line per missing package", async () => {
  const lines: string[] = [];
  const ran: string[][] = [];
  const { ok, record } = await setUp({
    query: queryWithout("xvfb", "chromium"),
    privilege: () => Promise.resolve("none"),
    run: (cmd, args) => (ran.push([cmd, ...args]), Promise.resolve(0)),
    pretend: [],
    log: (l) => lines.push(l),
  });
  assert.equal(ok, false);
  assert.deepEqual(lines, [
    "Install the Debian package xvfb for the capture tests: " +
    "sudo apt-get install -y --no-install-recommends xvfb",
    "Install the Debian package chromium for the capture tests: " +
    "sudo apt-get install -y --no-install-recommends chromium",
  ]);
  assert.deepEqual(ran, [], "apt-get is not tried without privilege");
  assert.deepEqual(record.missing, ["xvfb", "chromium"]);
  assert.equal(record.packages.xvfb, false);
  assert.equal(record.packages.openbox, true);
  assert.equal(record.install, "sudo apt-get install -y --no-install-recommends xvfb chromium");
});

Deno.test("setUp() as root installs the missing packages with apt-get as .ci/run did", async () => {
  let installed = false;
  const ran: string[][] = [];
  const lines: string[] = [];
  const { ok, record } = await setUp({
    query: (p) => queryWithout(...(installed ? [] : ["xterm", "libxss1"]))(p),
    privilege: () => Promise.resolve("root"),
    run: (cmd, args) => {
      ran.push([cmd, ...args]);
      if (args.includes("install")) installed = true;
      return Promise.resolve(0);
    },
    pretend: [],
    log: (l) => lines.push(l),
  });
  assert.equal(ok, true);
  assert.deepEqual(ran, [
    ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "update", "-q"],
    [
      "env",
      "DEBIAN_FRONTEND=noninteractive",
      "apt-get",
      "install",
      "-y",
      "-q",
      "--no-install-recommends",
      "libxss1",
      "xterm",
    ],
  ]);
  assert.deepEqual(lines, ["tests/setup: installing with apt-get: libxss1 xterm"]);
  assert.deepEqual(record.missing, []);
  assert.equal(record.install, null);
});

Deno.test("setUp() with passwordless sudo runs apt-get through sudo -n; a failure is reported", async () => {
  const ran: string[][] = [];
  const lines: string[] = [];
  const { ok, record } = await setUp({
    query: queryWithout("openbox"),
    privilege: () => Promise.resolve("sudo"),
    run: (cmd, args) => (ran.push([cmd, ...args]), Promise.resolve(100)),
    pretend: [],
    log: (l) => lines.push(l),
  });
  assert.equal(ok, false);
  assert.deepEqual(ran, [[
    "sudo",
    "-n",
    "env",
    "DEBIAN_FRONTEND=noninteractive",
    "apt-get",
    "update",
    "-q",
  ]]);
  assert.deepEqual(lines, [
    "tests/setup: installing with apt-get: openbox",
    "tests/setup: apt-get could not install openbox",
    "Install the Debian package openbox for the capture tests: " +
    "sudo apt-get install -y --no-install-recommends openbox",
  ]);
  assert.deepEqual(record.missing, ["openbox"]);
});

Deno.test("setUp() treats pretended packages as missing and never runs apt-get for them", async () => {
  const lines: string[] = [];
  const { ok, record } = await setUp({
    query: queryWithout(),
    privilege: () => Promise.reject(new Error("privilege is not asked under pretence")),
    run: () => Promise.reject(new Error("apt-get is not run under pretence")),
    pretend: ["chromium"],
    log: (l) => lines.push(l),
  });
  assert.equal(ok, false);
  assert.deepEqual(record.missing, ["chromium"]);
  assert.deepEqual(record.pretend, ["chromium"]);
  assert.equal(lines.length, 1);
  assert.match(lines[0], /^Install the Debian package chromium for the capture tests: /);
});

Deno.test("setUp() with everything installed says so and records no install command", async () => {
  const lines: string[] = [];
  const { ok, record } = await setUp({
    query: queryWithout(),
    pretend: [],
    log: (l) => lines.push(l),
  });
  assert.equal(ok, true);
  assert.deepEqual(lines, [`tests/setup: already installed: ${CAPTURE_PACKAGES.join(" ")}`]);
  assert.ok(Object.values(record.packages).every((v) => v));
});

Deno.test("readRecord() returns what writeRecord() wrote and rejects a stale record", async () => {
  const dir = await Deno.makeTempDir({ prefix: "frames_setup_" });
  try {
    const path = join(dir, "record.json");
    const { record } = await setUp({
      query: queryWithout("xvfb"),
      privilege: () => Promise.resolve("none"),
      pretend: [],
      log: () => {},
    });
    writeRecord(record, path);
    const pretend = Deno.env.get(PRETEND_ENV);
    if (pretend === undefined || pretend === "") assert.deepEqual(readRecord(path), record);
    const stale: SetUpRecord = { ...record, dpkgStamp: 1 };
    writeRecord(stale, path);
    assert.equal(readRecord(path), null, "dpkg changed since set-up");
    writeRecord({ ...record, pretend: ["some-package"] }, path);
    assert.equal(readRecord(path), null, "made under another pretence");
    assert.equal(readRecord(join(dir, "none.json")), null);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("decide() ignores a test with a missing prerequisite, and fails it under CI", () => {
  assert.deepEqual(decide([], false), { kind: "run" });
  assert.deepEqual(decide([], true), { kind: "run" });
  const ignored = decide(["xvfb", "chromium"], false);
  assert.equal(ignored.kind, "ignore");
  const failed = decide(["xvfb", "chromium"], true);
  assert.equal(failed.kind, "fail");
  const reason = "missing prerequisite: xvfb, chromium (Debian packages); install with: " +
    "sudo apt-get install -y --no-install-recommends xvfb chromium, or run `deno task test` as root";
  assert.equal(ignored.kind === "ignore" && ignored.reason, reason);
  assert.equal(failed.kind === "fail" && failed.message, reason);
});

Deno.test("isCi() reads CI as CI services set it", () => {
  const env = (v?: string) => ({ get: (k: string) => (k === "CI" ? v : undefined) });
  assert.equal(isCi(env("true")), true);
  assert.equal(isCi(env("1")), true);
  assert.equal(isCi(env()), false);
  assert.equal(isCi(env("")), false);
  assert.equal(isCi(env("false")), false);
  assert.equal(isCi(env("0")), false);
});

const FIXTURE = new URL("./data/prereq/needs_x11.ts", import.meta.url).pathname;

/** Runs the one-test fixture under `deno test` with xvfb pretended missing. */
async function runFixture(extra: Record<string, string>): Promise<{ code: number; out: string }> {
  const env = cleanEnv({ [PRETEND_ENV]: "xvfb", ...extra }, ["CI", PRETEND_ENV]);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["test", "--allow-read", "--allow-env", "--allow-run", "--allow-sys", FIXTURE],
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, out: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

Deno.test("a test needing a missing package is ignored with the reason printed", async () => {
  const { code, out } = await runFixture({});
  assert.equal(code, 0, out);
  assert.match(out, /ignored: needs an X server: missing prerequisite: xvfb \(Debian packages\)/);
  assert.match(out, /needs an X server \.\.\. ignored/);
  assert.match(out, /ok \| 0 passed \| 0 failed \| 1 ignored/);
  assert.doesNotMatch(out, /the body ran/);
});

Deno.test("under CI=true a test needing a missing package fails with the reason", async () => {
  const { code, out } = await runFixture({ CI: "true" });
  assert.notEqual(code, 0, out);
  assert.match(out, /Error: missing prerequisite: xvfb \(Debian packages\); install with: /);
  assert.match(out, /FAILED \| 0 passed \| 1 failed/);
  assert.doesNotMatch(out, /the body ran/);
});
