/**
 * Start-up warm-up: a server process answers its first calls at full speed only once the
 * compiler, the context emitter and the tokenizer are compiled by the JIT and the source
 * has been opened once. Both happen in the background right after start, on a synthetic
 * capture and a read of the real source's last 24 hours.
 *
 * @module
 */

import { compile } from "../compile/mod.ts";
import { DEFAULT_CONTEXT_BUDGET } from "../compile/rules.ts";
import { emitContext } from "../emit/context.ts";
import { loadTyper } from "../entities/mod.ts";
import type { Capture, Snapshot } from "../model.ts";
import type { McpBackend } from "./backend.ts";

const APPS = ["Code", "Google Chrome", "Slack", "Google Chrome", "iTerm2"];
const URLS = [
  "https://github.com/acme/api/pull/412",
  "https://docs.google.com/document/d/abc123/edit",
  "https://www.google.com/search?q=deno+sqlite",
];

/** A small, fixed capture that exercises every stage of the compiler. */
function syntheticCapture(): Capture {
  const start = Date.UTC(2026, 0, 5, 8);
  const snapshots: Snapshot[] = [];
  for (let i = 0; i < 1500; i++) {
    const app = APPS[Math.floor(i / 7) % APPS.length];
    const browser = app === "Google Chrome";
    snapshots.push({
      ref: i + 1,
      at: start + i * 5000,
      display: i % 11 === 0 ? "monitor_1" : "monitor_0",
      app,
      title: `${app} window ${i % 13}`,
      ...(browser ? { url: URLS[i % URLS.length] } : {}),
      trigger: i % 5 === 0 ? "heartbeat" : "input",
    });
  }
  const events = snapshots.filter((_, i) => i % 2 === 0).map((s, i) => ({
    ref: i + 1,
    at: s.at + 1000,
    kind: i % 3 === 0 ? "click" as const : "key" as const,
    display: s.display,
  }));
  return {
    window: { start, end: start + 1500 * 5000 },
    snapshots,
    events,
    displays: [],
    facts: {
      adapter: "warm-up",
      location: "",
      fingerprint: "",
      capabilities: { input: true, elements: false, urls: true, heartbeats: true, focus: false },
      rows: {},
      rejected: {},
    },
  };
}

/** Warms the compile → emit path and opens the source once; never throws. */
export async function warmUp(backend: McpBackend): Promise<void> {
  try {
    const typer = await loadTyper();
    const capture = syntheticCapture();
    for (let i = 0; i < 3; i++) {
      const doc = compile(capture, { tz: "Europe/Berlin", typer });
      emitContext(doc, { budget: DEFAULT_CONTEXT_BUDGET });
      JSON.stringify(doc);
    }
    const now = backend.now();
    await backend.compile({ start: now - 86_400_000, end: now });
  } catch {
    // A missing or broken source is reported by the first real call, with its fix.
  }
}
