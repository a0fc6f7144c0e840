/**
 * Issue 14, Secrets — fuzz test of the URL typer and the redactors: 100,000 seeded hostile
 * URLs with a credential planted somewhere, plus 20,000 fast-check URLs and strings. Nothing
 * throws, no planted credential survives redaction or reaches an entity, and redaction is
 * idempotent (redacting twice changes nothing).
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  loadParsers,
  redactCapture,
  redactTitle,
  redactUrl,
  typePageDetailed,
} from "../../src/entities/mod.ts";
import { browserCapture, leakProbes, rng, secret } from "./_secrets.ts";

const registry = await loadParsers();
const hosts = registry.parsers.flatMap((p) => p.hosts).map((h) => h.replace("*.", "acme."));
const NASTY = [
  "",
  "%",
  "%zz",
  "%00",
  "..",
  ";",
  ";x=1",
  "@",
  ":",
  "\\",
  "#",
  "?",
  "&&",
  "==",
  "\u202e",
  "\u0000",
  " ",
  "é",
  "😀",
  "a+b",
  "%2F",
  "%2B",
];
const WORDS = ["api", "v2", "docs", "u", "0", "inbox", "2026-07-04", "issues", "42", "x"];
const NAMES = ["t", "id", "q", "sig", "ref", "", "x y", "magic_link", "continue"];

function hostile(r: () => number): { url: string; planted: string } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const s = secret(r);
  const enc = r() < 0.8 ? encodeURIComponent(s) : s.replace(/[+/=]/g, "");
  const planted = r() < 0.8 ? s : enc;
  const path: string[] = [];
  for (let i = Math.floor(r() * 4); i > 0; i--) path.push(r() < 0.3 ? pick(NASTY) : pick(WORDS));
  const where = Math.floor(r() * 4);
  if (where === 0) path.splice(Math.floor(r() * (path.length + 1)), 0, enc);
  let tail = r() < 0.5 ? `?${pick(NAMES)}=${pick(WORDS)}` : "";
  if (where === 1) tail += `${tail === "" ? "?" : "&"}${pick(NAMES) || "v"}=${enc}`;
  if (where === 2) tail += `#${r() < 0.5 ? pick(NAMES) + "=" : "/"}${enc}`;
  if (where === 3) path.push(pick(["reset", "invite", "verify"]), enc);
  const scheme = pick(["https://", "http://", "HTTPS://", " https://", "https:/"]);
  const user = r() < 0.05 ? "user:pass@" : "";
  const url = `${scheme}${user}${pick(hosts)}/${path.join("/")}${tail}${
    r() < 0.2 ? pick(NASTY) : ""
  }`;
  return { url, planted: where === 1 || where === 2 ? planted : s };
}

Deno.test("redactUrl(), redactTitle() and the typer survive 100,000 hostile URLs without a leak", () => {
  const r = rng(0x5ec);
  for (let i = 0; i < 100_000; i++) {
    const { url, planted } = hostile(r);
    const red = redactUrl(url);
    const title = redactTitle(`Page ${url} – ${planted} – Browser`);
    const page = typePageDetailed(url, registry);
    for (const probe of leakProbes(planted)) {
      if (probe.length < 12) continue;
      assert.ok(!red.includes(probe), `${probe} survived in ${red}`);
      assert.ok(!title.includes(probe), `${probe} survived in title ${title}`);
      assert.ok(!(page.entity ?? "").includes(probe), `${probe} in entity of ${url}`);
    }
    assert.equal(redactUrl(red), red, url);
  }
});

Deno.test("the redactors never throw and are idempotent on fast-check URLs and strings", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.string({ unit: "binary" }),
      ),
      (text) => {
        const red = redactUrl(text);
        assert.equal(redactUrl(red), red);
        const title = redactTitle(text);
        assert.equal(redactTitle(title), title);
        typePageDetailed(text, registry);
      },
    ),
    { numRuns: 20_000, seed: 14 },
  );
});

Deno.test("redactCapture() shares untouched rows and is the identity on its own output", () => {
  const capture = browserCapture([
    { url: "https://example.com/a", title: "Inbox" },
    {
      url: "javascript:alert(1)",
      title: "Token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjEyMzQ1Njc4OTB9.c2lnbmF0dXJlc2lnbmF0dXJl",
    },
  ]);
  const safe = redactCapture(capture);
  assert.equal(safe.snapshots[0], capture.snapshots[0]);
  assert.equal(safe.snapshots[1].url, undefined);
  assert.equal(safe.snapshots[1].title, "Token REDACTED");
  assert.equal(capture.snapshots[1].url, "javascript:alert(1)", "the input is not changed");
  assert.equal(redactCapture(safe), safe);
});
