import {
  deepStrictEqual as assertEquals,
  deepStrictEqual as deepEqual,
  strictEqual as equal,
} from "node:assert/strict";
import { PARSERS, SOURCES } from "../src/entities/_typer_bundle.js";
import { buildRegistry } from "../src/entities/registry.ts";
import { HOST_INDEX } from "../src/entities/_host_index_data.ts";
import { bundledParsers, loadParsers, loadParsersForHosts } from "../src/entities/load.ts";
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

Deno.test("the checked-in typer bundle is what deno task parsers:index writes", async () => {
  const { expectedTyperBundle, TYPER_BUNDLE_FILE, TYPER_BUNDLE_TYPES, typerBundleTypes } =
    await import("./_host_index_gen.ts");
  const want = await expectedTyperBundle();
  // Compared as text, not bytes: the message names the task to run.
  equal(await Deno.readTextFile(TYPER_BUNDLE_FILE) === want, true, "run deno task parsers:index");
  equal(await Deno.readTextFile(TYPER_BUNDLE_TYPES), typerBundleTypes());
  equal(want.includes("Permission is hereby granted"), true, "the tldts licence is kept");
});

Deno.test("the bundle holds every parser of the folder and the hash of each bundled source", async () => {
  const all = await loadParsers();
  deepEqual(PARSERS.map((p) => p.file), all.parsers.map((p) => p.file));
  const bundled = buildRegistry(PARSERS);
  const urls = all.parsers.flatMap((p) => p.examples.map((e) => e[0]));
  const [a, b] = [typerFor(all), typerFor(bundled)];
  for (const url of urls) deepEqual(b(url), a(url), url);
  for (const file of all.parsers.map((p) => `parsers/${p.file}`)) {
    equal(typeof SOURCES[file], "string", file);
  }
  equal(typeof SOURCES["src/entities/parser_kit.ts"], "string");
});

Deno.test("the bundle is used only while the sources it was built from are unchanged", async () => {
  const root = await Deno.makeTempDir({ prefix: "frames-bundle-root-" });
  try {
    const copy = async (path: string, edit = "") => {
      await Deno.mkdir(`${root}/${path.slice(0, path.lastIndexOf("/"))}`, { recursive: true });
      const text = await Deno.readTextFile(new URL(`../${path}`, import.meta.url));
      await Deno.writeTextFile(`${root}/${path}`, text + edit);
    };
    const at = new URL(`file://${root}/`);
    await copy("parsers/github_com.ts");
    await copy("src/entities/parser_kit.ts");
    const got = await bundledParsers(["github_com.ts"], at);
    deepEqual(got?.map((p) => p.file), ["github_com.ts"]);
    equal(got?.[0].module, PARSERS.find((p) => p.file === "github_com.ts")!.module);
    // One more comment line in the parser, then in the shared kit: no longer what was bundled.
    await copy("parsers/github_com.ts", "// edited\n");
    equal(await bundledParsers(["github_com.ts"], at), undefined);
    await copy("parsers/github_com.ts");
    await copy("src/entities/parser_kit.ts", "// edited\n");
    equal(await bundledParsers(["github_com.ts"], at), undefined);
    // A file that cannot be read, or one the bundle does not hold.
    await Deno.remove(`${root}/src/entities/parser_kit.ts`);
    equal(await bundledParsers(["github_com.ts"], at), undefined);
    await copy("src/entities/parser_kit.ts");
    equal(await bundledParsers(["not_a_parser.ts"], at), undefined);
    deepEqual(await bundledParsers([], at), []);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
