/**
 * Shared pieces of the secrets tests: a seeded generator, credential shapes as real
 * services issue them, and a capture → every output format harness.
 *
 * @module
 */

import type { Capture, Snapshot } from "../../src/model.ts";
import { compile } from "../../src/compile/mod.ts";
import { emitContext, emitJson, emitMarkdown, emitYaml } from "../../src/emit/mod.ts";
import { frameSteps, renderSteps } from "../../src/steps/mod.ts";
import { analyseDay, detectPatterns, renderPatterns } from "../../src/patterns/mod.ts";
import type { PageRef } from "../../src/entities/mod.ts";

/** A small seeded generator (mulberry32), so every run tests the same inputs. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const B62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const B64URL = B62 + "-_";
const B64 = B62 + "+/";
const HEXD = "0123456789abcdef";

function draw(r: () => number, alphabet: string, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)];
  return s;
}

/**
 * A random credential in one of the shapes services issue: hex (reset tokens, AWS
 * signatures), base64url (OAuth, magic links), base64 with padding, JWTs, and prefixed API
 * keys (GitHub, Stripe, Slack, AWS access key ids).
 */
export function secret(r: () => number): string {
  switch (Math.floor(r() * 8)) {
    case 0:
      return draw(r, HEXD, [32, 40, 64][Math.floor(r() * 3)]);
    case 1:
      return draw(r, B64URL, 22 + Math.floor(r() * 43));
    case 2: {
      const body = draw(r, B64, 4 * (6 + Math.floor(r() * 6)) - 2);
      return body + "==";
    }
    case 3:
      return "eyJ" + draw(r, B64URL, 20 + Math.floor(r() * 20)) + ".eyJ" +
        draw(r, B64URL, 30 + Math.floor(r() * 40)) + "." + draw(r, B64URL, 43);
    case 4:
      return "ghp_" + draw(r, B62, 36);
    case 5:
      return "sk_live_" + draw(r, B62, 24);
    case 6:
      return "xoxb-" + draw(r, "0123456789", 12) + "-" + draw(r, B62, 24);
    default:
      return "AKIA" + draw(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16);
  }
}

/** The parts of a secret whose presence in an output counts as a leak. */
export function leakProbes(s: string): string[] {
  // The whole secret, its URL-encoded spelling and its random tail (a prefix such as
  // `ghp_` or `sk_live_` is public; the tail is what grants access).
  return [s, encodeURIComponent(s), s.slice(-12)];
}

/** Every output format of a capture: json, yaml, md, context, steps and patterns. */
export function everyOutput(capture: Capture, typer?: (url: string) => PageRef): string[] {
  const doc = compile(capture, { tz: "UTC", minMinutes: 0, ...(typer ? { typer } : {}) });
  const out = [
    emitJson(doc),
    emitYaml(doc),
    emitMarkdown(doc),
    emitContext(doc, { budget: 100_000 }),
  ];
  const steps = doc.frames.map((f) =>
    frameSteps(capture, f.id, { tz: "UTC", ...(typer ? { typer } : {}) })
  );
  out.push(JSON.stringify(steps), renderSteps(steps));
  const day = analyseDay(capture, { day: "2026-07-04", tz: "UTC", minMinutes: 0 });
  const report = detectPatterns([day, day, day], { minCount: 1 });
  out.push(JSON.stringify(report), renderPatterns(report));
  return out;
}

/** A capture of one browser's snapshots, 30 s apart, with the given URLs and titles. */
export function browserCapture(rows: readonly { url: string; title?: string }[]): Capture {
  const t0 = Date.UTC(2026, 6, 4, 8, 0, 0);
  const snapshots: Snapshot[] = rows.map((row, i) => ({
    ref: i + 1,
    at: t0 + i * 30_000,
    display: "monitor_1",
    app: "Google Chrome",
    url: row.url,
    ...(row.title !== undefined ? { title: row.title } : {}),
  }));
  return {
    window: { start: t0 - 3_600_000, end: t0 + 86_400_000 },
    snapshots,
    events: snapshots.map((s, i) => ({
      ref: 100_000 + i,
      at: s.at + 5_000,
      kind: "click" as const,
      x: 10,
      y: 10,
      title: s.title,
      url: s.url,
      element: { name: s.title, role: "link" },
    })),
    displays: [],
    facts: {
      adapter: "test",
      location: "memory",
      fingerprint: "test",
      capabilities: { input: true, elements: false, urls: true, heartbeats: false, focus: false },
      rows: {},
      rejected: {},
    },
  };
}
