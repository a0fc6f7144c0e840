import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { HOST_INDEX } from "../src/entities/_host_index_data.ts";
import { loadParsers, loadParsersForHosts } from "../src/entities/load.ts";
import { typerFor } from "../src/entities/type_page.ts";
import { filesForHosts, hostIndexOf } from "../src/entities/host_index.ts";

Deno.test("the checked-in host index matches parsers/ (run deno task parsers:index)", async () => {
  assertEquals(HOST_INDEX, hostIndexOf(await loadParsers()));
});

Deno.test("loadParsersForHosts() types every example URL as the whole folder does", async () => {
  const all = await loadParsers();
  const full = typerFor(all);
  const urls = all.parsers.flatMap((p) => p.examples.map((e) => e[0]));
  // Subdomains a wildcard claim covers, and hosts no parser claims.
  urls.push("https://docs.example.notion.site/x", "https://gist.github.com/a/b");
  urls.push("https://unknown.example.org/path?q=1", "https://mail.google.com/mail/u/0/#inbox");
  for (const url of urls) {
    const host = URL.parse(url)?.hostname ?? "";
    const subset = typerFor(await loadParsersForHosts([host]));
    assertEquals(subset(url), full(url), url);
  }
});

Deno.test("filesForHosts() finds exact and wildcard claims, normalised, and nothing else", () => {
  const index = {
    files: ["a.ts", "b.ts"],
    exact: { "a.com": "a.ts" },
    wildcard: { "b.io": "b.ts" },
  };
  assertEquals(filesForHosts(index, ["WWW.A.com", "x.y.b.io", "b.io", "c.com", "__proto__"]), [
    "a.ts",
    "b.ts",
  ]);
  assertEquals(filesForHosts(index, ["b.io"]), []);
  assertEquals(hostIndexOf({ parsers: [], exact: new Map(), wildcard: new Map() }).files, []);
});
