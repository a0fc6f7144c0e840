/**
 * Login services for the capture engine: a systemd user unit (Linux) or a launchd agent
 * (macOS) that runs `frames capture run` in the user's graphical session and restarts it
 * when it fails.
 *
 * @example
 * ```ts
 * const unit = systemdUnit({ command: ["/usr/local/bin/frames", "capture", "run"], env: {} });
 * ```
 *
 * @module
 */

import { dirname, join } from "../src/file_path.ts";

/** The service flavours. */
export type ServicePlatform = "linux" | "macos";

/** The launchd label and systemd unit name. */
export const SERVICE_LABEL = "dev.frames.capture";
/** The systemd unit file name. */
export const SYSTEMD_UNIT = "frames-capture.service";

/** What goes into a service file. */
export interface ServiceSpec {
  /** The full command line (executable first). */
  command: string[];
  /** Environment for the engine (FRAMES_HOME, DENO_DIR, …). */
  env: Record<string, string>;
  /** Where launchd writes the engine's output (macOS). */
  logPath?: string;
}

/** Quote one argument for a systemd `ExecStart=` line. */
export function systemdQuote(arg: string): string {
  const escaped = arg.replaceAll("%", "%%").replaceAll("$", "$$$$");
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(escaped)) return escaped;
  return `"${escaped.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/** The systemd user unit text. */
export function systemdUnit(spec: ServiceSpec): string {
  const env = Object.keys(spec.env).sort().map((k) =>
    `Environment=${systemdQuote(`${k}=${spec.env[k]}`)}`
  );
  return [
    "[Unit]",
    "Description=frames capture engine (focus, titles, input volume into the native store)",
    "PartOf=graphical-session.target",
    "After=graphical-session.target",
    "",
    "[Service]",
    "Type=simple",
    `ExecStart=${spec.command.map(systemdQuote).join(" ")}`,
    ...env,
    "# The engine needs the session's DISPLAY (and XAUTHORITY): most desktops import them;",
    "# otherwise run: systemctl --user import-environment DISPLAY XAUTHORITY",
    "Restart=on-failure",
    "RestartSec=10",
    "UMask=0077",
    "",
    "[Install]",
    "WantedBy=graphical-session.target",
    "",
  ].join("\n");
}

function xml(s: string): string {
  return s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** The launchd agent plist text. */
export function launchdPlist(spec: ServiceSpec): string {
  const args = spec.command.map((a) => `    <string>${xml(a)}</string>`);
  const env = Object.keys(spec.env).sort().flatMap((k) => [
    `    <key>${xml(k)}</key>`,
    `    <string>${xml(spec.env[k])}</string>`,
  ]);
  const log = spec.logPath === undefined ? [] : [
    "  <key>StandardOutPath</key>",
    `  <string>${xml(spec.logPath)}</string>`,
    "  <key>StandardErrorPath</key>",
    `  <string>${xml(spec.logPath)}</string>`,
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    "<dict>",
    "  <key>Label</key>",
    `  <string>${SERVICE_LABEL}</string>`,
    "  <key>ProgramArguments</key>",
    "  <array>",
    ...args,
    "  </array>",
    "  <key>EnvironmentVariables</key>",
    "  <dict>",
    ...env,
    "  </dict>",
    "  <key>RunAtLoad</key>",
    "  <true/>",
    "  <key>KeepAlive</key>",
    "  <dict>",
    "    <key>SuccessfulExit</key>",
    "    <false/>",
    "  </dict>",
    "  <key>ProcessType</key>",
    "  <string>Interactive</string>",
    "  <key>Umask</key>",
    "  <integer>63</integer>",
    ...log,
    "</dict>",
    "</plist>",
    "",
  ].join("\n");
}

/** Options for {@linkcode installService}. */
export interface InstallServiceOptions {
  platform: ServicePlatform;
  command: string[];
  framesHome: string;
  userHome: string;
  /** Where to write (default: the user's systemd unit folder or LaunchAgents). */
  out?: string;
  /** Extra environment to carry (DENO_DIR; DISPLAY and XAUTHORITY are left to the session). */
  env?: Record<string, string>;
}

/** What was written and what to run next. */
export interface InstalledService {
  /** The file written. */
  path: string;
  /** Its content. */
  text: string;
  /** The commands (or steps) that enable it. */
  next: string[];
}

/** The default service file path for a platform. */
export function defaultServicePath(platform: ServicePlatform, userHome: string): string {
  if (platform === "macos") {
    return join(userHome, "Library", "LaunchAgents", `${SERVICE_LABEL}.plist`);
  }
  const config = Deno.env.get("XDG_CONFIG_HOME") || join(userHome, ".config");
  return join(config, "systemd", "user", SYSTEMD_UNIT);
}

/** Write the service file (user-readable only) and say how to enable it. */
export function installService(opts: InstallServiceOptions): InstalledService {
  const env: Record<string, string> = { FRAMES_HOME: opts.framesHome };
  if (opts.env?.DENO_DIR) env.DENO_DIR = opts.env.DENO_DIR;
  const path = opts.out ?? defaultServicePath(opts.platform, opts.userHome);
  const text = opts.platform === "macos"
    ? launchdPlist({
      command: opts.command,
      env,
      logPath: join(opts.framesHome, "engine", "launchd.log"),
    })
    : systemdUnit({ command: opts.command, env });
  try {
    Deno.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    Deno.writeTextFileSync(path, text, { mode: 0o600 });
  } catch (err) {
    throw new Error(
      `Cannot write the service file "${path}": ${(err as Error).message.split("\n")[0]}`,
    );
  }
  const next = opts.platform === "macos"
    ? [
      `launchctl bootstrap gui/$(id -u) ${path}`,
      "grant Accessibility (and, for browser URLs, Automation) permission when macOS asks",
    ]
    : [
      "systemctl --user daemon-reload",
      `systemctl --user enable --now ${SYSTEMD_UNIT}`,
    ];
  return { path, text, next };
}
