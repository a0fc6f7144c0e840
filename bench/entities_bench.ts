/**
 * Entity typing speed: typing 100k distinct URLs must take ≤ 200 ms (issue 3).
 *
 * Run: deno bench --allow-read --allow-write --allow-env --allow-sys bench/entities_bench.ts
 */

import {
  loadParsers,
  loadTyper,
  redactUrl,
  typePage,
  typePageDetailed,
} from "../src/entities/mod.ts";

const registry = await loadParsers();
const typer = await loadTyper();

/** 100k distinct, realistic URLs: three in four on parser hosts, the rest elsewhere. */
function corpus(count: number): string[] {
  const templates = registry.parsers.flatMap((p) => p.examples.map(([url]) => url));
  const others = [
    "https://www.bbc.co.uk/news/articles/n",
    "https://app.example.com/projects/n/settings",
    "https://accounts.example.org/signin?continue=n",
    "https://docs.deno.com/runtime/n",
    "https://shop.example.de/search?q=item+n",
    "https://blog.example.io/2026/07/post-n",
    "https://intranet.acme.test/wiki/Page_n",
    "http://localhost:5173/app/n",
  ];
  const urls = new Set<string>();
  for (let i = 0; urls.size < count; i++) {
    const base = i % 4 === 3 ? others[i % others.length] : templates[i % templates.length];
    // Vary ids and slugs so every URL is distinct, as in a real day of browsing.
    const varied = base.replace(/\d+|\bn\b/, String(i));
    urls.add(varied === base ? `${base}${base.includes("?") ? "&" : "?"}utm=${i}` : varied);
  }
  return [...urls];
}

const URLS = corpus(100_000);

Deno.bench("typePageDetailed() types 100k distinct URLs (all layers)", { group: "100k" }, () => {
  for (const url of URLS) typePageDetailed(url, registry);
});

Deno.bench("loadTyper() typer types 100k distinct URLs", { group: "100k", baseline: true }, () => {
  for (const url of URLS) typer(url);
});

Deno.bench("typePage() types 100k distinct URLs (generic layers only)", { group: "100k" }, () => {
  for (const url of URLS) typePage(url);
});

Deno.bench("redactUrl() redacts 100k distinct URLs", { group: "100k" }, () => {
  for (const url of URLS) redactUrl(url);
});
