import { deepEqual, equal, match, ok } from "node:assert/strict";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { launchCommand, STDIO_PERMISSIONS } from "../src/mcp/install/mod.ts";
import { childEnv, MAIN, recentDemo, tempDir, TZ } from "./data/mcp/harness.ts";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Where npx lives (the entry's fallback runs it by absolute path). */
const NPX = (() => {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    try {
      if (Deno.statSync(join(dir, "npx")).isFile) return join(dir, "npx");
    } catch { /* not here */ }
  }
  return undefined;
})();
/** A PATH with npx on it but no frames launcher (a test adds one where it wants one). */
const PLAIN_PATH = [...(NPX !== undefined ? [dirname(NPX)] : []), "/usr/bin", "/bin"].join(":");
const CONFIG = new URL("../deno.json", import.meta.url).pathname;
/** Whether this Deno runs out of the npx cache, which a cache clean removes. */
const CACHED = /[\\/]_npx[\\/]/.test(Deno.execPath());

/** The launch an entry must carry, computed independently: never a cache path. */
function expectedLaunch(): { command: string; args: string[] } {
  const run = ["run", ...STDIO_PERMISSIONS, "--config", CONFIG, MAIN, "mcp"];
  return CACHED
    ? { command: NPX!, args: ["-y", `deno@${Deno.version.deno}`, ...run] }
    : { command: Deno.execPath(), args: run };
}

async function frames(
  home: string,
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Run> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", "--allow-env", "--allow-sys", MAIN, ...args],
    env: childEnv(home, { XDG_CONFIG_HOME: join(home, ".config"), PATH: PLAIN_PATH, ...env }),
    clearEnv: true,
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** A temporary HOME and project folder. */
async function sandbox(): Promise<{ home: string; cwd: string }> {
  const root = await tempDir("frames-mcp-install-");
  const home = join(root, "home"), cwd = join(root, "project");
  await Deno.mkdir(home);
  await Deno.mkdir(cwd);
  return { home, cwd };
}

const OTHER = { command: "/opt/other/server", args: ["--stdio"] };

interface Case {
  client: string;
  scope?: string;
  /** The config file, relative to home (`~/`) or the project (`./`). */
  file: string;
  key: "mcpServers" | "servers";
  /** What the file held before, besides the other server. */
  extra: Record<string, unknown>;
}

const CASES: Case[] = [
  {
    client: "claude-desktop",
    file: "~/.config/Claude/claude_desktop_config.json",
    key: "mcpServers",
    extra: { globalShortcut: "Ctrl+Space" },
  },
  {
    client: "claude-code",
    file: "~/.claude.json",
    key: "mcpServers",
    extra: { numStartups: 12, projects: { "/work/x": { mcpServers: {} } } },
  },
  {
    client: "claude-code",
    scope: "project",
    file: "./.mcp.json",
    key: "mcpServers",
    extra: {},
  },
  { client: "cursor", file: "~/.cursor/mcp.json", key: "mcpServers", extra: {} },
  { client: "cursor", scope: "project", file: "./.cursor/mcp.json", key: "mcpServers", extra: {} },
  { client: "vscode", file: "./.vscode/mcp.json", key: "servers", extra: { inputs: [] } },
  {
    client: "vscode",
    scope: "user",
    file: "~/.config/Code/User/mcp.json",
    key: "servers",
    extra: {},
  },
];

function resolveFile(file: string, home: string, cwd: string): string {
  return file.startsWith("~/") ? join(home, file.slice(2)) : join(cwd, file.slice(2));
}

Deno.test("mcp install updates each client's config: others kept, backup written, idempotent", async () => {
  for (const c of CASES) {
    const { home, cwd } = await sandbox();
    const path = resolveFile(c.file, home, cwd);
    await Deno.mkdir(dirname(path), { recursive: true });
    const before = { ...c.extra, [c.key]: { other: OTHER } };
    const original = JSON.stringify(before, null, 4);
    await Deno.writeTextFile(path, original, { mode: 0o644 });
    const scope = c.scope !== undefined ? ["--scope", c.scope] : [];
    const what = `${c.client} ${c.scope ?? "(default scope)"}`;

    const first = await frames(home, cwd, ["mcp", "install", "--client", c.client, ...scope]);
    equal(first.code, 0, `${what}: ${first.stderr}`);
    match(first.stdout, /installed "frames"/, what);
    const after = JSON.parse(await Deno.readTextFile(path));
    deepEqual(after[c.key].other, OTHER, `${what}: the other server is kept`);
    for (const [k, v] of Object.entries(c.extra)) deepEqual(after[k], v, `${what}: ${k} kept`);
    const entry = after[c.key].frames;
    const want = expectedLaunch();
    equal(entry.command, want.command, what);
    deepEqual(entry.args, want.args, `${what}: absolute main.ts, config, no cache path`);
    ok(!/[\\/]_npx[\\/]/.test(JSON.stringify(entry)), `${what}: no npx cache path`);
    equal(await Deno.readTextFile(`${path}.bak`), original, `${what}: backup of the old file`);
    equal((await Deno.stat(path)).mode! & 0o777, 0o644, `${what}: permissions kept`);

    const bytes = await Deno.readTextFile(path);
    const again = await frames(home, cwd, ["mcp", "install", "--client", c.client, ...scope]);
    equal(again.code, 0, again.stderr);
    match(again.stdout, /already installed/, what);
    equal(await Deno.readTextFile(path), bytes, `${what}: a second install changes nothing`);
    equal(await Deno.readTextFile(`${path}.bak`), original, `${what}: backup untouched`);

    const removed = await frames(home, cwd, ["mcp", "uninstall", "--client", c.client, ...scope]);
    equal(removed.code, 0, removed.stderr);
    match(removed.stdout, /removed "frames"/);
    deepEqual(JSON.parse(await Deno.readTextFile(path)), before, `${what}: uninstall reverses`);
    const twice = await frames(home, cwd, ["mcp", "uninstall", "--client", c.client, ...scope]);
    match(twice.stdout, /is not installed/, what);
  }
});

Deno.test("mcp install creates a missing config user-only; --print shows the entry and writes nothing", async () => {
  const { home, cwd } = await sandbox();
  const path = join(home, ".cursor", "mcp.json");
  const printed = await frames(home, cwd, ["mcp", "install", "--client", "cursor", "--print"]);
  equal(printed.code, 0, printed.stderr);
  const snippet = JSON.parse(printed.stdout);
  equal(snippet.mcpServers.frames.command, expectedLaunch().command);
  await Deno.stat(path).then(() => ok(false, "--print must not write"), () => {});

  const made = await frames(home, cwd, [
    "mcp",
    "install",
    "--client",
    "cursor",
    "--name",
    "memory",
  ]);
  equal(made.code, 0, made.stderr);
  equal((await Deno.stat(path)).mode! & 0o777, 0o600);
  deepEqual(Object.keys(JSON.parse(await Deno.readTextFile(path)).mcpServers), ["memory"]);
  await Deno.stat(`${path}.bak`).then(
    () => ok(false, "no backup of a file that did not exist"),
    () => {},
  );
});

Deno.test("mcp install refuses what it cannot do safely, with a reason", async () => {
  const { home, cwd } = await sandbox();
  const jsonc = join(cwd, ".vscode", "mcp.json");
  await Deno.mkdir(dirname(jsonc), { recursive: true });
  const text = '{\n  // my servers\n  "servers": {}\n}\n';
  await Deno.writeTextFile(jsonc, text);
  const r = await frames(home, cwd, ["mcp", "install", "--client", "vscode"]);
  equal(r.code, 1);
  match(r.stderr, /Cannot update client config ".*mcp\.json": it is not plain JSON .*--print/);
  equal(await Deno.readTextFile(jsonc), text, "the file is untouched");

  const unknown = await frames(home, cwd, ["mcp", "install", "--client", "emacs"]);
  equal(unknown.code, 2);
  match(
    unknown.stderr,
    /Unknown --client "emacs": use one of claude-desktop, claude-code, cursor, vscode/,
  );
  const scope = await frames(home, cwd, [
    "mcp",
    "install",
    "--client",
    "claude-desktop",
    "--scope",
    "project",
  ]);
  equal(scope.code, 2);
  match(scope.stderr, /Invalid --scope "project" for claude-desktop: use user/);
});

Deno.test("the installed entry starts a working server (relative --source made absolute)", async () => {
  const { home, cwd } = await sandbox();
  const demo = recentDemo(cwd);
  const r = await frames(home, cwd, [
    "mcp",
    "install",
    "--client",
    "claude-code",
    "--scope",
    "project",
    "--source",
    "demo.sqlite",
    "--tz",
    TZ,
  ]);
  equal(r.code, 0, r.stderr);
  const entry = JSON.parse(await Deno.readTextFile(join(cwd, ".mcp.json"))).mcpServers.frames;
  deepEqual(entry.args.slice(-5), ["mcp", "--source", `screenpipe:${demo.path}`, "--tz", TZ]);
  // Start it the way the client would: from another directory, with only its own words
  // (a plain PATH, another HOME, and the entry's env).
  const client = new Client({ name: "installed", version: "1" });
  const elsewhere = await tempDir("frames-mcp-client-home-");
  await client.connect(
    new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      env: { ...childEnv(elsewhere, { PATH: PLAIN_PATH }), ...entry.env },
      cwd: "/",
      stderr: "pipe",
    }),
  );
  try {
    const { tools } = await client.listTools();
    for (const name of ["get_context", "get_activity", "get_steps", "get_evidence"]) {
      ok(tools.some((t) => t.name === name), `lists ${name}`);
    }
    const result = await client.callTool({ name: "get_context", arguments: { day: demo.busiest } });
    ok(!result.isError, JSON.stringify(result.content));
  } finally {
    await client.close();
  }
});

Deno.test("launchCommand() runs a compiled binary directly and deno with run, permissions and config", () => {
  deepEqual(launchCommand({ execPath: "/usr/local/bin/frames", extraArgs: ["--tz", "UTC"] }), {
    command: "/usr/local/bin/frames",
    args: ["mcp", "--tz", "UTC"],
  });
  const viaDeno = launchCommand({
    execPath: "/home/a/.deno/bin/deno",
    mainModule: new URL("../main.ts", import.meta.url).href,
  });
  equal(viaDeno.command, "/home/a/.deno/bin/deno");
  deepEqual(viaDeno.args, [
    "run",
    ...STDIO_PERMISSIONS,
    "--config",
    new URL("../deno.json", import.meta.url).pathname,
    MAIN,
    "mcp",
  ]);
});

Deno.test("mcp install passes FRAMES_HOME, FRAMES_SOURCE and FRAMES_TZ in effect in env", async () => {
  const { home, cwd } = await sandbox();
  const framesHome = join(home, "my-frames");
  const env = { FRAMES_HOME: framesHome, FRAMES_SOURCE: "./demo.sqlite", FRAMES_TZ: TZ };
  const r = await frames(home, cwd, ["mcp", "install", "--client", "cursor"], env);
  equal(r.code, 0, r.stderr);
  const entry = JSON.parse(await Deno.readTextFile(join(home, ".cursor", "mcp.json")))
    .mcpServers.frames;
  deepEqual(entry.env, {
    FRAMES_HOME: framesHome,
    FRAMES_SOURCE: `screenpipe:${join(cwd, "demo.sqlite")}`,
    FRAMES_TZ: TZ,
  });
  // Without them, FRAMES_HOME is still pinned to the home in effect.
  const { home: h2, cwd: c2 } = await sandbox();
  await frames(h2, c2, ["mcp", "install", "--client", "cursor"]);
  deepEqual(
    JSON.parse(await Deno.readTextFile(join(h2, ".cursor", "mcp.json"))).mcpServers.frames.env,
    { FRAMES_HOME: join(h2, ".frames") },
  );
});

Deno.test("each client's entry has the shape its config format expects (FORMATS §5)", async () => {
  const shapes: [string, string, string, string[]][] = [
    ["claude-desktop", "~/.config/Claude/claude_desktop_config.json", "mcpServers", [
      "args",
      "command",
      "env",
    ]],
    ["claude-code", "~/.claude.json", "mcpServers", ["args", "command", "env", "type"]],
    ["cursor", "~/.cursor/mcp.json", "mcpServers", ["args", "command", "env"]],
    ["vscode", "./.vscode/mcp.json", "servers", ["args", "command", "env", "type"]],
  ];
  for (const [client, file, key, keys] of shapes) {
    const { home, cwd } = await sandbox();
    const r = await frames(home, cwd, ["mcp", "install", "--client", client]);
    equal(r.code, 0, r.stderr);
    const root = JSON.parse(await Deno.readTextFile(resolveFile(file, home, cwd)));
    deepEqual(Object.keys(root), [key], client);
    const entry = root[key].frames;
    deepEqual(Object.keys(entry).sort(), keys, client);
    if (keys.includes("type")) equal(entry.type, "stdio", client);
    ok(Array.isArray(entry.args) && entry.args.every((a: unknown) => typeof a === "string"));
    ok(entry.command.startsWith("/"), `${client}: absolute command`);
  }
});

Deno.test("mcp install prefers the installed launcher on PATH", async () => {
  const { home, cwd } = await sandbox();
  const bin = join(home, "bin");
  const made = await frames(home, cwd, ["install", "--bin-dir", bin]);
  equal(made.code, 0, made.stderr);
  const r = await frames(home, cwd, ["mcp", "install", "--client", "cursor", "--print"], {
    PATH: `${bin}:${PLAIN_PATH}`,
  });
  equal(r.code, 0, r.stderr);
  const entry = JSON.parse(r.stdout).mcpServers.frames;
  deepEqual([entry.command, entry.args], [join(bin, "frames"), ["mcp"]]);
});

Deno.test("mcp install --print names the file and scope; uninstall --print shows the removal", async () => {
  const { home, cwd } = await sandbox();
  const path = join(home, ".cursor", "mcp.json");
  const p = await frames(home, cwd, ["mcp", "install", "--client", "cursor", "--print"]);
  equal(p.code, 0, p.stderr);
  match(p.stderr, new RegExp(`would write "frames" to Cursor \\(user\\): ${path}`));
  if (CACHED) match(p.stderr, /npx/);
  const none = await frames(home, cwd, ["mcp", "uninstall", "--client", "cursor", "--print"]);
  equal(none.code, 0, none.stderr);
  match(none.stdout + none.stderr, /"frames" is not installed for Cursor \(user\)/);
  await frames(home, cwd, ["mcp", "install", "--client", "cursor"]);
  const before = await Deno.readTextFile(path);
  const u = await frames(home, cwd, ["mcp", "uninstall", "--client", "cursor", "--print"]);
  equal(u.code, 0, u.stderr);
  match(u.stderr, new RegExp(`would remove "frames" from Cursor \\(user\\): ${path}`));
  const shown = JSON.parse(u.stdout);
  deepEqual(shown, { mcpServers: { frames: JSON.parse(before).mcpServers.frames } }, "what goes");
  equal(await Deno.readTextFile(path), before, "--print writes nothing");
});
