/**
 * SharePoint and OneDrive (*.sharepoint.com, onedrive.live.com): Office documents by file
 * name (Word → doc, Excel → sheet, PowerPoint → slides), libraries, sites.
 *
 * @module
 */

import {
  decode,
  type PageRef,
  param,
  ref,
  segments,
  type SiteParser,
} from "../src/entities/parser_kit.ts";

// The `/:w:/` style sharing prefixes name the Office app.
const LINK_KINDS: Record<string, string> = {
  ":w:": "doc",
  ":x:": "sheet",
  ":p:": "slides",
  ":b:": "file",
  ":f:": "folder",
  ":o:": "doc",
  ":u:": "file",
  ":v:": "file",
  ":i:": "file",
  ":t:": "file",
};

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const file = param(url, "file");
  if (file) return ref(kindOfFile(file), file);
  if (url.hostname === "onedrive.live.com") {
    return /^(?:edit|view|redir)\.aspx$/i.test(s[0] ?? "")
      ? ref("file")
      : ref("folder", "OneDrive");
  }
  const [first, second] = s;
  if (first !== undefined && Object.hasOwn(LINK_KINDS, first)) return ref(LINK_KINDS[first]);
  if (s.includes("onedrive.aspx") || first === "my" || first === "personal") {
    const id = param(url, "id");
    return ref("folder", id ? decode(id).split("/").filter((p) => p).at(-1) : "OneDrive");
  }
  if ((first === "sites" || first === "teams") && second) {
    const last = s.at(-1)!;
    if (/\.(docx?|xlsx?|pptx?|pdf)$/i.test(last)) return ref(kindOfFile(last), last);
    if (s[2] === "SitePages" && s[3]) {
      return ref("doc", `${second}/${s[3].replace(/\.aspx$/i, "")}`);
    }
    if (s.includes("Forms") || s.includes("Shared Documents")) return ref("folder", second);
    return ref("space", second);
  }
  return null;
}

function kindOfFile(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  if (ext === "docx" || ext === "doc") return "doc";
  if (ext === "xlsx" || ext === "xls" || ext === "csv") return "sheet";
  if (ext === "pptx" || ext === "ppt") return "slides";
  return "file";
}

export default {
  hosts: ["*.sharepoint.com", "onedrive.live.com"],
  parse,
  examples: [
    [
      "https://acme.sharepoint.com/:w:/r/sites/Team/_layouts/15/Doc.aspx?sourcedoc=%7BAB%7D&file=Plan.docx&action=default",
      { kind: "doc", entity: "Plan.docx" },
    ],
    [
      "https://acme.sharepoint.com/:x:/r/sites/Team/_layouts/15/Doc.aspx?sourcedoc=%7BCD%7D&file=Budget.xlsx",
      { kind: "sheet", entity: "Budget.xlsx" },
    ],
    ["https://acme.sharepoint.com/sites/Team/Shared%20Documents/Forms/AllItems.aspx", {
      kind: "folder",
      entity: "Team",
    }],
    ["https://acme.sharepoint.com/sites/Team/SitePages/Home.aspx", {
      kind: "doc",
      entity: "Team/Home",
    }],
    ["https://acme.sharepoint.com/sites/Team", { kind: "space", entity: "Team" }],
    [
      "https://acme-my.sharepoint.com/personal/jane_acme_com/_layouts/15/onedrive.aspx?id=%2Fpersonal%2Fjane_acme_com%2FDocuments%2FSpecs",
      { kind: "folder", entity: "Specs" },
    ],
    ["https://acme.sharepoint.com/:p:/g/EaBcD", { kind: "slides" }],
    ["https://onedrive.live.com/?id=root", { kind: "folder", entity: "OneDrive" }],
    ["https://onedrive.live.com/edit.aspx?resid=ABC!123", { kind: "file" }],
    ["https://acme.sharepoint.com/", null],
  ],
} satisfies SiteParser;
