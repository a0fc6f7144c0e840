/**
 * The element guard: exactly one element with the expected ARIA role and exact accessible
 * name (Playwright's role locator with `exact: true`, so "In Review" never passes for
 * "In Progress"), and when it fails, the names that role does carry on the page — what a
 * person needs to see why.
 *
 * @module
 */

import type { Locator, Page } from "playwright-core";

type Role = Parameters<Page["getByRole"]>[0];

/**
 * ARIA roles a recorded role also stands for. Accessibility APIs report a search field as
 * a text field (macOS AXTextField with subrole AXSearchField, UI Automation's Edit), so a
 * plan mined from them says `textbox` where the page's `<input type="search">` is a
 * `searchbox` — in ARIA a subclass of textbox. Only such subclass pairs are listed: a
 * guard stays exact about everything else.
 */
const SUBROLES: Readonly<Record<string, readonly string[]>> = {
  textbox: ["searchbox"],
};

/** The ARIA roles an element recorded as `role` may carry on the page. */
export function rolesFor(role: string): string[] {
  return [role, ...(SUBROLES[role] ?? [])];
}

/** The role locator for `element`; hidden elements only when asked. */
export function locate(
  page: Page,
  element: { role: string; name: string },
  includeHidden = false,
): Locator {
  const [first, ...more] = rolesFor(element.role).map((role) =>
    page.getByRole(role as Role, { name: element.name, exact: true, includeHidden })
  );
  return more.reduce((all, l) => all.or(l), first);
}

/** How many elements match `element` (visible ones unless `includeHidden`). */
export function countElement(
  page: Page,
  element: { role: string; name: string },
  includeHidden = false,
): Promise<number> {
  return locate(page, element, includeHidden).count();
}

/** The accessible names of up to `max` visible elements with `role`, from the ARIA snapshot. */
export async function namesWithRole(page: Page, role: string, max = 8): Promise<string[]> {
  let yaml: string;
  try {
    yaml = await page.locator("body").ariaSnapshot({ timeout: 2000 });
  } catch {
    return [];
  }
  const names: string[] = [];
  const line = new RegExp(`^\\s*- ${role.replace(/[^a-z]/gi, "")} "((?:[^"\\\\]|\\\\.)*)"`, "i");
  for (const l of yaml.split("\n")) {
    const m = line.exec(l);
    if (m) names.push(m[1].replace(/\\(.)/g, "$1"));
    if (names.length >= max) break;
  }
  return names;
}

/** One line on what the page shows for a failed element guard. */
export async function describeFound(
  page: Page,
  element: { role: string; name: string },
  count: number,
): Promise<string> {
  const names = await namesWithRole(page, element.role);
  const others = names.length === 0
    ? `no ${element.role} at all`
    : `${element.role} names on the page: ${names.map((n) => `"${n}"`).join(", ")}`;
  return count === 0
    ? `no ${element.role} named "${element.name}" (${others})`
    : `${count} elements ${element.role} "${element.name}" (ambiguous)`;
}
