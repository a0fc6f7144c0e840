/**
 * Dropbox (dropbox.com, paper.dropbox.com): folders by path, files by name. Shared-link
 * keys are never used as entities (they grant access); `rlkey` is redacted by the typer.
 *
 * @module
 */

import {
  decode,
  type PageRef,
  ref,
  segments,
  type SiteParser,
  words,
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const [first, second] = s;
  if (url.hostname === "paper.dropbox.com") {
    return first === "doc" && second ? ref("doc", words(second.replace(/-\w{20,}$/, ""))) : null;
  }
  switch (first) {
    case "home":
      return ref("folder", s.length > 1 ? s.slice(1).join("/") : "home");
    case "preview":
      return s.length > 1 ? ref("file", s.at(-1)) : null;
    case "s":
    case "sh":
      return ref(s.length > 2 ? "file" : "folder", s.length > 2 ? s.at(-1) : undefined);
    case "scl":
      return ref(second === "fo" ? "folder" : "file", s.length > 3 ? s.at(-1) : undefined);
    case "recents":
    case "share":
    case "photos":
    case "deleted_files":
    case "requests":
      return ref("dashboard", first);
    case "login":
    case "register":
      return ref("sign_in");
    default:
      return null;
  }
}

export default {
  hosts: ["dropbox.com", "paper.dropbox.com"],
  parse,
  examples: [
    ["https://www.dropbox.com/home/Projects/Acme", { kind: "folder", entity: "Projects/Acme" }],
    ["https://www.dropbox.com/home", { kind: "folder", entity: "home" }],
    ["https://www.dropbox.com/scl/fi/abc123/budget.xlsx?rlkey=secretkey&dl=0", {
      kind: "file",
      entity: "budget.xlsx",
    }],
    ["https://www.dropbox.com/s/k3y/slides.pdf?dl=0", { kind: "file", entity: "slides.pdf" }],
    ["https://www.dropbox.com/preview/Projects/report.pdf", { kind: "file", entity: "report.pdf" }],
    ["https://www.dropbox.com/recents", { kind: "dashboard", entity: "recents" }],
    ["https://paper.dropbox.com/doc/Meeting-Notes-AbCdEfGhIjKlMnOpQrStUv", {
      kind: "doc",
      entity: "Meeting Notes",
    }],
    ["https://www.dropbox.com/login", { kind: "sign_in" }],
    ["https://www.dropbox.com/plans", null],
  ],
} satisfies SiteParser;
