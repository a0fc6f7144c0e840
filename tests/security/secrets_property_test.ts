/**
 * Issue 14, Secrets — property tests: 10,000 generated URLs with random credentials planted
 * in random positions (path segments, query values under ordinary and unusual names,
 * fragments, after capability words, in window titles) leak into no output format; 200
 * ordinary URLs keep at least 95% of their content.
 */

import assert from "node:assert/strict";
import { loadTyper, redactUrl } from "../../src/entities/mod.ts";
import { browserCapture, everyOutput, leakProbes, rng, secret } from "./_secrets.ts";
import { ORDINARY_URLS } from "./_ordinary_urls.ts";

const typer = await loadTyper();

const HOSTS = [
  "github.com",
  "www.google.com",
  "app.example.com",
  "mail.google.com",
  "linear.app",
  "acme.atlassian.net",
  "www.notion.so",
  "news.example.org",
  "bucket.s3.amazonaws.com",
  "localhost:3000",
  "www.youtube.com",
  "app.slack.com",
  "login.example.net",
];
// Ordinary path words: no capability word (reset, invite, …) and no git word (commit,
// tree, …), whose neighbours are judged by their own rules.
const WORDS = [
  "api",
  "v1",
  "users",
  "docs",
  "items",
  "settings",
  "2026",
  "07",
  "report",
  "view",
  "edit",
  "files",
  "acme",
  "projects",
  "42",
  "inbox",
];
const NAMES = [
  "t",
  "x",
  "u",
  "c",
  "k9",
  "data",
  "link",
  "magic_link",
  "ref",
  "s",
  "payload",
  "v",
  "q",
  "id2",
  "continue",
  "p",
  "state",
];
const CAPABILITY = ["reset", "invite", "verify", "confirm", "magic", "unsubscribe"];

interface Planted {
  url: string;
  title?: string;
  secrets: string[];
}

function plant(r: () => number): Planted {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const secrets: string[] = [];
  const path: string[] = [];
  for (let i = Math.floor(r() * 4); i > 0; i--) path.push(pick(WORDS));
  const query: string[] = [];
  if (r() < 0.3) query.push("page=2");
  let fragment = "";
  let title: string | undefined = r() < 0.5 ? "Dashboard – Acme" : undefined;
  for (let n = 1 + Math.floor(r() * 3); n > 0; n--) {
    const s = secret(r);
    secrets.push(s);
    const enc = encodeURIComponent(s);
    switch (Math.floor(r() * 6)) {
      case 0:
        path.splice(Math.floor(r() * (path.length + 1)), 0, enc);
        break;
      case 1:
        path.push(pick(CAPABILITY), enc);
        break;
      case 2:
        query.splice(Math.floor(r() * (query.length + 1)), 0, `${pick(NAMES)}=${enc}`);
        break;
      case 3:
        fragment = r() < 0.5 ? `${pick(NAMES)}=${enc}` : r() < 0.5 ? `/${pick(WORDS)}/${enc}` : enc;
        break;
      case 4:
        title = `${pick(["Sign in", "Welcome", "Your link"])} ${s} – ${
          pick(["Google Chrome", "Mail"])
        }`;
        break;
      default:
        title = `Opened https://${pick(HOSTS)}/${pick(WORDS)}?${pick(NAMES)}=${enc} - Terminal`;
    }
  }
  const url = `https://${pick(HOSTS)}/${path.join("/")}` +
    (query.length > 0 ? "?" + query.join("&") : "") + (fragment !== "" ? "#" + fragment : "");
  return { url, ...(title !== undefined ? { title } : {}), secrets };
}

Deno.test("no planted secret of 10,000 generated URLs appears in any output format", () => {
  const r = rng(14_14);
  let checked = 0;
  for (let batch = 0; batch < 100; batch++) {
    const rows: Planted[] = [];
    for (let i = 0; i < 100; i++) rows.push(plant(r));
    // One frame per host keeps the steps view (one script per frame) cheap.
    rows.sort((a, b) => (new URL(a.url).host < new URL(b.url).host ? -1 : 1));
    const outputs = everyOutput(browserCapture(rows), typer).join("\n");
    // Not vacuous: the outputs carry the URLs (steps show each one) and their titles.
    for (const row of rows) assert.ok(outputs.includes(new URL(row.url).host), row.url);
    assert.ok(outputs.includes("Dashboard – Acme") || outputs.includes("Terminal"));
    for (const row of rows) {
      for (const s of row.secrets) {
        for (const probe of leakProbes(s)) {
          assert.ok(!outputs.includes(probe), `"${probe}" of ${s} leaked from ${row.url}`);
        }
        checked++;
      }
    }
  }
  assert.ok(checked >= 10_000);
});

/**
 * Content of a URL: its non-empty path segments, its query values and its fragment, each
 * kept when the redacted URL holds the same text in the same place.
 */
function contentKept(url: string): { total: number; kept: number; lost: string[] } {
  const a = new URL(url), b = new URL(redactUrl(url));
  const units: [string, string | null][] = [];
  const segA = a.pathname.split("/"), segB = b.pathname.split("/");
  segA.forEach((s, i) => s !== "" && units.push([s, segB[i] ?? null]));
  for (const [k, v] of a.searchParams) if (v !== "") units.push([v, b.searchParams.get(k)]);
  if (a.hash.length > 1) units.push([a.hash, b.hash]);
  const lost = units.filter(([x, y]) => x !== y).map(([x]) => x);
  return { total: units.length, kept: units.length - lost.length, lost };
}

Deno.test("redactUrl() keeps at least 95% of the content of 200 ordinary URLs", () => {
  assert.ok(ORDINARY_URLS.length >= 200);
  let total = 0, kept = 0;
  const lost: string[] = [];
  for (const url of ORDINARY_URLS) {
    const c = contentKept(url);
    total += c.total;
    kept += c.kept;
    lost.push(...c.lost.map((x) => `${x} (${url})`));
  }
  const rate = kept / total;
  console.log(`ordinary URLs: ${kept}/${total} content units kept (${(rate * 100).toFixed(1)}%)`);
  if (lost.length > 0) console.log("lost:\n  " + lost.join("\n  "));
  assert.ok(rate >= 0.95, `kept ${(rate * 100).toFixed(1)}%`);
});
