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
