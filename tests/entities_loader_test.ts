/**
 * The parser contract as the loader enforces it, on throw-away parser folders.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  buildRegistry,
  findParser,
  isParserFile,
  loadParsers,
  loadTyper,
  typePageDetailed,
} from "../src/entities/mod.ts";

const GOOD = `export default {
  hosts: ["good.test", "*.good.test"],
  parse(url) {
    const id = /^\\/item\\/(\\d+)$/.exec(url.pathname)?.[1];
    return id ? { kind: "post", entity: id } : null;
  },
  examples: [
    ["https://good.test/item/7", { kind: "post", entity: "7" }],
    ["https://good.test/about", null],
  ],
};
`;

/** Writes `files` into a fresh folder and returns its URL (ending in `/`). */
async function parserDir(files: Record<string, string>): Promise<URL> {
  const dir = await Deno.makeTempDir({ prefix: "frames-parsers-" });
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(join(dir, name), text);
  }
  return pathToFileURL(dir + "/");
}

async function loadError(files: Record<string, string>, verify = false): Promise<string> {
  const dir = await parserDir(files);
  try {
    await loadParsers({ dir, verify });
  } catch (err) {
    return (err as Error).message;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  throw new Error("expected the load to fail");
}

function variant(replace: [string, string][]): string {
  let text = GOOD;
  for (const [from, to] of replace) {
    assert.ok(text.includes(from), `fixture lacks ${from}`);
    text = text.replace(from, to);
  }
  return text;
}

Deno.test("loadParsers() loads a folder by convention and skips helpers and other files", async () => {
  const dir = await parserDir({
    "good_site.ts": GOOD,
    "_helper.ts": "throw new Error('helpers are not parsers');",
    "README.md": "# not a parser",
    "notes.txt": "x",
    "other_test.ts": "throw new Error('tests are not parsers');",
  });
  const registry = await loadParsers({ dir, verify: true });
  assert.deepEqual(registry.parsers.map((p) => p.file), ["good_site.ts"]);
  assert.deepEqual(typePageDetailed("https://good.test/item/7", registry), {
    kind: "post",
    entity: "7",
    layer: "parser",
    parser: "good_site.ts",
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("loadTyper() returns a typer over the parsers of the folder it is given", async () => {
  const dir = await parserDir({ "good_site.ts": GOOD });
  const typer = await loadTyper({ dir });
  assert.deepEqual(typer("https://www.good.test/item/9"), { kind: "post", entity: "9" });
  assert.deepEqual(typer("https://github.com/acme"), { kind: "page", entity: "acme" });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("loadParsers() names the file whose module has no default export", async () => {
  const message = await loadError({ "bad_export.ts": "export const hosts = ['x.test'];" });
  assert.match(message, /^Cannot load site parser "bad_export\.ts": it has no default export/);
});

Deno.test("loadParsers() names the file that claims a host another file claims", async () => {
  const message = await loadError({
    "a_site.ts": GOOD,
    "b_site.ts": variant([['"*.good.test"', '"*.other.test"']]),
  });
  assert.equal(
    message,
    'Cannot load site parser "b_site.ts": host "good.test" is already claimed by "a_site.ts"',
  );
});

Deno.test("loadParsers() names the file whose example expects an unregistered kind", async () => {
  const message = await loadError({
    "kind_site.ts": variant([['{ kind: "post", entity: "7" }', '{ kind: "tweet", entity: "7" }']]),
  });
  assert.match(message, /^Cannot load site parser "kind_site\.ts": .*unregistered kind "tweet"/);
});

Deno.test("loadParsers() with verify names the file whose example fails", async () => {
  const message = await loadError({
    "wrong_site.ts": variant([['entity: "7" }]', 'entity: "8" }]']]),
  }, true);
  assert.match(message, /^Cannot load site parser "wrong_site\.ts": example failed: /);
  assert.match(message, /https:\/\/good\.test\/item\/7/);
});

Deno.test("loadParsers() rejects malformed exports with the file name", async () => {
  const cases: [string, [string, string][], RegExp][] = [
    ["no null example", [['    ["https://good.test/about", null],\n', ""]], /one null example/],
    [
      "uppercase host",
      [['"good.test", "*', '"Good.test", "*']],
      /host "Good\.test" is not a lowercase host name/,
    ],
    ["www host", [['"good.test", "*', '"www.good.test", "*']], /starts with "www\."/],
    ["public suffix wildcard", [['"*.good.test"', '"*.co.uk"']], /public suffix "co\.uk"/],
    ["unknown key", [["  examples: [", "  example: [],\n  examples: ["]], /unknown key "example"/],
    [
      "example not a pair",
      [['["https://good.test/about", null]', '"https://good.test/about"']],
      /is not a \[url, expected\] pair/,
    ],
    [
      "empty hosts",
      [['hosts: ["good.test", "*.good.test"]', "hosts: []"]],
      /"hosts" must be a non-empty array/,
    ],
  ];
  for (const [label, replace, pattern] of cases) {
    const message = await loadError({ "case_site.ts": variant(replace) });
    assert.match(message, /^Cannot load site parser "case_site\.ts": /, label);
    assert.match(message, pattern, label);
  }
});

Deno.test("loadParsers() names the file whose parse is not a function", async () => {
  const message = await loadError({
    "parse_site.ts": `export default {
      hosts: ["p.test"],
      parse: "post",
      examples: [["https://p.test/a", { kind: "post" }], ["https://p.test/", null]],
    };`,
  });
  assert.match(message, /^Cannot load site parser "parse_site\.ts": "parse" must be a function/);
});

Deno.test("loadParsers() names the file that does not compile", async () => {
  const message = await loadError({ "broken_site.ts": "export default {{;" });
  assert.match(message, /^Cannot load site parser "broken_site\.ts": /);
});

Deno.test("loadParsers() reports a folder that cannot be listed", async () => {
  const dir = pathToFileURL(join(await Deno.makeTempDir(), "missing") + "/");
  await assert.rejects(loadParsers({ dir }), /^Error: Cannot list site parsers in ".*missing\/": /);
});

Deno.test("buildRegistry() orders parsers by file name whatever the input order", () => {
  const mod = (host: string) => ({
    default: {
      hosts: [host],
      parse: () => null,
      examples: [[`https://${host}/a`, { kind: "page" }], [`https://${host}/b`, null]],
    },
  });
  const registry = buildRegistry([
    { file: "z_site.ts", module: mod("z.test") },
    { file: "B_site.ts", module: mod("b.test") },
    { file: "a_site.ts", module: mod("a.test") },
  ]);
  assert.deepEqual(registry.parsers.map((p) => p.file), ["B_site.ts", "a_site.ts", "z_site.ts"]);
});

Deno.test("findParser() matches exact hosts, ignores www. and walks wildcard claims", () => {
  const mod = (hosts: string[]) => ({
    default: {
      hosts,
      parse: () => null,
      examples: [[`https://${hosts[0].replace("*.", "x.")}/a`, { kind: "page" }], [
        `https://${hosts[0].replace("*.", "x.")}/`,
        null,
      ]],
    },
  });
  const registry = buildRegistry([
    { file: "site_site.ts", module: mod(["site.test"]) },
    { file: "wild_site.ts", module: mod(["*.wild.test"]) },
    { file: "deep_site.ts", module: mod(["*.console.wild.test"]) },
  ]);
  assert.equal(findParser(registry, "site.test")?.file, "site_site.ts");
  assert.equal(findParser(registry, "www.site.test")?.file, "site_site.ts");
  assert.equal(findParser(registry, "SITE.TEST.")?.file, "site_site.ts");
  assert.equal(findParser(registry, "docs.site.test"), undefined);
  assert.equal(findParser(registry, "wild.test"), undefined);
  assert.equal(findParser(registry, "a.b.wild.test")?.file, "wild_site.ts");
  assert.equal(findParser(registry, "eu.console.wild.test")?.file, "deep_site.ts");
});

Deno.test("typePageDetailed() falls through when a parser throws or returns junk", () => {
  const mod = (host: string, parse: (url: URL) => unknown) => ({
    default: {
      hosts: [host],
      parse,
      examples: [[`https://${host}/a`, { kind: "page" }], [`https://${host}/`, null]],
    },
  });
  const registry = buildRegistry([
    {
      file: "a_site.ts",
      module: mod("throws.test", () => {
        throw new Error("boom");
      }),
    },
    { file: "b_site.ts", module: mod("kind.test", () => ({ kind: "tweet", entity: "x" })) },
    { file: "c_site.ts", module: mod("entity.test", () => ({ kind: "post", entity: 42 })) },
    { file: "d_site.ts", module: mod("string.test", () => "post") },
  ]);
  for (const host of ["throws.test", "kind.test", "entity.test", "string.test"]) {
    assert.deepEqual(typePageDetailed(`https://${host}/docs?q=x`, registry), {
      kind: "search",
      entity: "x",
      layer: "search",
    }, host);
  }
});

Deno.test("isParserFile() accepts snake_case modules and skips helpers, tests and others", () => {
  assert.ok(isParserFile("github_com.ts"));
  assert.ok(isParserFile("docs_rs.ts"));
  for (
    const name of ["_kit.ts", "github_com_test.ts", "README.md", "x.d.ts", "Foo.ts", ".hidden.ts"]
  ) {
    assert.ok(!isParserFile(name), name);
  }
});
