/**
 * Parser coverage over a set of URLs: shares, layers, kinds and untyped hosts.
 */

import assert from "node:assert/strict";
import { coverageReport, loadParsers } from "../src/entities/mod.ts";

const registry = await loadParsers();

const URLS = [
  "https://github.com/acme/api/pull/1",
  "https://github.com/acme/api/pull/1", // a repeat counts once
  "https://github.com/acme",
  "https://example.com/?q=hello",
  "https://app.example.com/projects",
  "https://www.bbc.co.uk/news",
  "https://bbc.co.uk/sport",
  "https://zzz.test/a",
  "about:blank",
];

Deno.test("coverageReport() counts distinct URLs and the share typed beyond page", () => {
  const report = coverageReport(URLS, registry);
  assert.equal(report.urls, 8);
  assert.equal(report.typed, 4);
  assert.equal(report.share, 0.5);
});

Deno.test("coverageReport() counts every layer in layer order", () => {
  assert.deepEqual(coverageReport(URLS, registry).byLayer, [
    { name: "parser", count: 2 },
    { name: "search", count: 1 },
    { name: "heuristic", count: 1 },
    { name: "fallback", count: 4 },
  ]);
});

Deno.test("coverageReport() ranks kinds and untyped hosts by count, then name", () => {
  const report = coverageReport(URLS, registry);
  assert.deepEqual(report.byKind, [
    { name: "page", count: 4 },
    { name: "dashboard", count: 1 },
    { name: "pull_request", count: 1 },
    { name: "search", count: 1 },
    { name: "user", count: 1 },
  ]);
  assert.deepEqual(report.untypedHosts, [
    { name: "bbc.co.uk", count: 2 },
    { name: "(none)", count: 1 },
    { name: "zzz.test", count: 1 },
  ]);
});

Deno.test("coverageReport() lists at most top untyped hosts", () => {
  assert.deepEqual(coverageReport(URLS, registry, { top: 1 }).untypedHosts, [
    { name: "bbc.co.uk", count: 2 },
  ]);
  assert.deepEqual(coverageReport(URLS, registry, { top: 0 }).untypedHosts, []);
});

Deno.test("coverageReport() without a registry uses only the generic layers", () => {
  const report = coverageReport(URLS, null);
  assert.equal(report.byLayer[0].count, 0);
  assert.equal(report.typed, 2);
});

Deno.test("coverageReport() reports an empty input as zero", () => {
  const report = coverageReport([], registry);
  assert.deepEqual([report.urls, report.typed, report.share], [0, 0, 0]);
  assert.deepEqual(report.byKind, []);
});
