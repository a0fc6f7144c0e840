/**
 * screenpipe's own privacy markers, honoured as withheld (SPEC §9): never re-typed as
 * content, never printed, counted.
 *
 * - **Redaction placeholders.** screenpipe's PII removal replaces what it finds with a
 *   bracketed label (`format!("[{}]", replacement)` in
 *   `crates/screenpipe-core/src/pii_removal.rs`; labels from its pattern table and tests:
 *   `[EMAIL]`, `[PHONE]`, `[CREDIT_CARD]`, `[SSN]`, `[OPENAI_KEY]`, …), and its async
 *   worker scrubs window titles and `ui_events` element fields the same way (pull requests
 *   #4108, #4142, #4366). A title or element name keeps its other words; each placeholder
 *   is taken out and counted, and a name that was nothing but placeholders is dropped.
 * - **`*_redacted_at` columns.** The worker stamps each scrubbed column with a watermark
 *   (`frames.full_text_redacted_at` #4108, `frames.accessibility_tree_redacted_at` #4140,
 *   `frames.text_json_redacted_at` #4631, `elements.text_redacted_at` #3993,
 *   `ui_events.element_*_redacted_at` #4142): rows carrying one are counted as redacted
 *   upstream, whatever their text now says.
 *
 * @module
 */

/** Every label screenpipe's PII removal is known to write (pii_removal.rs, 2026-03). */
export const SCREENPIPE_PLACEHOLDERS: readonly string[] = [
  "ANTHROPIC_KEY",
  "API_KEY",
  "AUTH_TOKEN",
  "AWS_KEY",
  "AWS_SECRET",
  "AZURE_KEY",
  "BACKUP_CODE",
  "CONNECTION_STRING",
  "CREDIT_CARD",
  "DIGITALOCEAN_TOKEN",
  "DISCORD_TOKEN",
  "EMAIL",
  "ENV_SECRET",
  "GCP_KEY",
  "GITHUB_TOKEN",
  "GITLAB_TOKEN",
  "IBAN",
  "IP_ADDRESS",
  "JWT_TOKEN",
  "MAILCHIMP_KEY",
  "NPM_TOKEN",
  "OPENAI_KEY",
  "PASSWORD",
  "PASSWORD_CONTEXT",
  "PASSWORD_DOTS",
  "PASSWORD_FIELD",
  "PHONE",
  "PRIVATE_KEY",
  "PYPI_TOKEN",
  "SEED_PHRASE",
  "SENDGRID_KEY",
  "SLACK_TOKEN",
  "SSN",
  "STRIPE_KEY",
  "SUPABASE_KEY",
  "TELEGRAM_TOKEN",
  "TWILIO_KEY",
  "URL_WITH_CREDENTIALS",
  "REDACTED",
]; // deno-fmt-ignore

const PATTERN = new RegExp(`\\[(?:${SCREENPIPE_PLACEHOLDERS.join("|")})\\]`, "g");

/** The reason placeholders are counted under in `facts.withheld`. */
export const PLACEHOLDER_REASON = "screenpipe redaction placeholder";

/** Counts of withheld text by reason, filled while a window is read. */
export type Withheld = Record<string, number>;

/**
 * `text` without screenpipe's placeholders (each counted in `withheld`); `undefined` when
 * nothing but placeholders and blanks was left.
 */
export function withoutPlaceholders(
  text: string | undefined,
  withheld: Withheld,
): string | undefined {
  if (text === undefined || text.indexOf("[") < 0) return text;
  let n = 0;
  const rest = text.replace(PATTERN, () => {
    n++;
    return " ";
  });
  if (n === 0) return text;
  withheld[PLACEHOLDER_REASON] = (withheld[PLACEHOLDER_REASON] ?? 0) + n;
  const clean = rest.replace(/\s{2,}/g, " ").trim();
  return clean === "" ? undefined : clean;
}

/** Characters of a typed run that are not placeholders (a redacted run is not typing). */
export function typedChars(text: string, withheld: Withheld): number {
  let n = 0;
  const rest = text.replace(PATTERN, () => {
    n++;
    return "";
  });
  if (n > 0) withheld[PLACEHOLDER_REASON] = (withheld[PLACEHOLDER_REASON] ?? 0) + n;
  return [...rest].length;
}

/** The `*_redacted_at` columns of a table's column set, sorted. */
export function redactedAtColumns(columns: Set<string> | undefined): string[] {
  return [...(columns ?? [])].filter((c) => c.endsWith("_redacted_at")).sort();
}
