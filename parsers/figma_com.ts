/**
 * Figma (figma.com): design files, FigJam boards and prototypes by name.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser, words } from "../src/entities/parser_kit.ts";

const FILES = new Set(["file", "design", "proto", "board", "slides", "make"]);

function parse(url: URL): PageRef | null {
  const [first, key, name] = segments(url);
  if (first === undefined) return null;
  if (FILES.has(first) && key) {
    return ref(first === "slides" ? "slides" : "design", name ? words(name) : key);
  }
  if (first === "files") return ref("dashboard", "files");
  if (first === "login" || first === "signup") return ref("sign_in");
  return null;
}

export default {
  hosts: ["figma.com"],
  parse,
  examples: [
    ["https://www.figma.com/design/AbC123/Checkout-Flow?node-id=1-2", {
      kind: "design",
      entity: "Checkout Flow",
    }],
    ["https://www.figma.com/file/AbC123/Design-System", {
      kind: "design",
      entity: "Design System",
    }],
    ["https://www.figma.com/board/XyZ9/Retro", { kind: "design", entity: "Retro" }],
    ["https://www.figma.com/proto/AbC123", { kind: "design", entity: "AbC123" }],
    ["https://www.figma.com/files/recents-and-sharing", { kind: "dashboard", entity: "files" }],
    ["https://www.figma.com/login", { kind: "sign_in" }],
    ["https://www.figma.com/pricing/", null],
  ],
} satisfies SiteParser;
