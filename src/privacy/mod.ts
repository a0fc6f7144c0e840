/**
 * Privacy views: what each rule withheld from a window, per day (`frames privacy`).
 *
 * @example
 * ```ts
 * import { privacyReport, renderPrivacyMarkdown } from "./src/privacy/mod.ts";
 * const md = renderPrivacyMarkdown(privacyReport(rawCapture, doc, { tz: "UTC", includeText: false }));
 * ```
 *
 * @module
 */

export { privacyReport } from "./report.ts";
export type { PrivacyDay, PrivacyOptions, PrivacyReport, RuleCount } from "./report.ts";
export { renderPrivacyMarkdown } from "./render.ts";
// The types the report is built from (and every type they are made of), so this module's
// API is complete.
export type * from "../compile/document.ts";
export type * from "../model.ts";
