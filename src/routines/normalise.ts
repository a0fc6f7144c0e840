/**
 * How steps compare: names after NFKC, case folding and collapsed spaces; roles mapped from
 * the source's accessibility vocabulary (macOS AX roles, Windows UI Automation control
 * types, ARIA itself) to ARIA roles, which is what a browser replayer finds elements by.
 *
 * @module
 */

/** Source accessibility role → ARIA role. Keys are lower-cased, without spaces. */
export const ARIA_ROLES: Readonly<Record<string, string>> = {
  // macOS accessibility (AXUIElement roles)
  axbutton: "button",
  axmenubutton: "button",
  axdisclosuretriangle: "button",
  axpopupbutton: "combobox",
  axcombobox: "combobox",
  axmenuitem: "menuitem",
  axmenubaritem: "menuitem",
  axmenu: "menu",
  axtextfield: "textbox",
  axtextarea: "textbox",
  axsecuretextfield: "textbox",
  axsearchfield: "searchbox",
  axlink: "link",
  axcheckbox: "checkbox",
  axradiobutton: "radio",
  axtab: "tab",
  axtabbutton: "tab",
  axcell: "cell",
  axrow: "row",
  axlist: "list",
  axheading: "heading",
  aximage: "img",
  axslider: "slider",
  axstatictext: "text",
  axgroup: "group",
  axtoolbar: "toolbar",
  axoutlinerow: "treeitem",
  // Windows UI Automation control types
  edit: "textbox",
  document: "document",
  hyperlink: "link",
  listitem: "listitem",
  tabitem: "tab",
  treeitem: "treeitem",
  menuitem: "menuitem",
  splitbutton: "button",
  dataitem: "cell",
  // ARIA spellings that differ only in case are caught by the fallback.
  textfield: "textbox",
};

/** The ARIA role of a source role (`AXMenuItem` → `menuitem`); unknown ones lower-cased. */
export function ariaRole(role: string | undefined): string | undefined {
  if (role === undefined) return undefined;
  const key = role.replace(/\s+/g, "").toLowerCase();
  if (key === "") return undefined;
  return ARIA_ROLES[key] ?? (key.startsWith("ax") ? key.slice(2) : key);
}

/** A name as steps compare it: NFKC, case-folded, spaces collapsed and trimmed. */
export function normaliseName(name: string | undefined): string {
  if (name === undefined) return "";
  return name.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Roles one types into: a click on one of them names the field of the typed run after it. */
const TEXT_ENTRY = new Set(["textbox", "searchbox", "combobox", "document"]);

/** Whether an ARIA role takes typed text. */
export function isTextEntry(role: string | undefined): boolean {
  return role !== undefined && TEXT_ENTRY.has(role);
}

/** A browser's address bar, by the names Chromium, Safari and Firefox give it. */
const ADDRESS_BAR =
  /^(address and search bar|address bar|search or enter (an )?address|search or type (a )?(url|web address)|location|url|omnibox)$/;

/** Whether a field (by normalised name) is a browser's address bar. */
export function isAddressBar(normalisedName: string): boolean {
  return ADDRESS_BAR.test(normalisedName);
}

/** Verbs whose step changes something for others or for good: a replayer asks first. */
const DESTRUCTIVE =
  /\b(send|pay|submit|delete|remove|approve|publish|post|merge|confirm|purchase|buy|order|transfer|archive|close|reject|decline|cancel|deploy|release|sign|share|invite|accept|book|checkout|discard|erase|revoke|unsubscribe|request changes)\b/;

/** Whether a target's name is a destructive verb (send, pay, submit, delete, approve, …). */
export function isDestructive(normalisedName: string): boolean {
  return DESTRUCTIVE.test(normalisedName);
}
