/**
 * Which frames are communication: email, messaging or meetings. Typed pages decide first
 * (a Gmail tab is `email`, a Slack channel `messaging`, a Meet call `meeting`); a frame
 * without such pages falls back to its app's name (Mail, Slack, zoom.us, …).
 *
 * @module
 */

import type { Frame } from "../compile/document.ts";

/** A kind of communication surface. */
export type CommKind = "email" | "messaging" | "meeting";

/** Every communication kind, in tie-break order. */
export const COMM_KINDS: readonly CommKind[] = ["meeting", "messaging", "email"];

const APPS: Record<CommKind, readonly string[]> = {
  email: [
    "airmail",
    "apple mail",
    "canary mail",
    "evolution",
    "geary",
    "hey",
    "kmail",
    "mail",
    "mailspring",
    "microsoft outlook",
    "mimestream",
    "outlook",
    "proton mail",
    "spark",
    "spark desktop",
    "superhuman",
    "thunderbird",
  ],
  messaging: [
    "beeper",
    "discord",
    "element",
    "google chat",
    "imessage",
    "line",
    "mattermost",
    "messages",
    "messenger",
    "microsoft teams",
    "rocket.chat",
    "signal",
    "skype",
    "slack",
    "teams",
    "telegram",
    "telegram desktop",
    "threema",
    "viber",
    "wechat",
    "whatsapp",
    "zulip",
  ],
  meeting: [
    "amazon chime",
    "around",
    "bluejeans",
    "cisco webex meetings",
    "facetime",
    "gather",
    "google meet",
    "gotomeeting",
    "jitsi meet",
    "pop",
    "ringcentral",
    "tuple",
    "webex",
    "whereby",
    "zoom",
    "zoom workplace",
    "zoom.us",
  ],
};

const BY_APP = new Map<string, CommKind>();
for (const kind of COMM_KINDS) for (const app of APPS[kind]) BY_APP.set(app, kind);

function normalizeApp(app: string): string {
  return app.trim().toLowerCase().replace(/\.(app|exe)$/, "").replace(/\s+/g, " ");
}

/** Whether `value` names a communication kind. */
export function isCommKind(value: unknown): value is CommKind {
  return typeof value === "string" && (COMM_KINDS as readonly string[]).includes(value);
}

/** The communication kind of a frame, or undefined when it is not communication. */
export function commKindOf(frame: Frame): CommKind | undefined {
  let best: CommKind | undefined, bestCount = 0;
  for (const kind of COMM_KINDS) {
    let count = 0;
    for (const p of frame.pages) if (p.kind === kind) count += p.count;
    if (count > bestCount) [best, bestCount] = [kind, count];
  }
  return best ?? BY_APP.get(normalizeApp(frame.app));
}

/** The entities of a frame's pages of one communication kind (channels, mailboxes, calls). */
export function commEntities(frame: Frame, kind: CommKind): string[] {
  const out: string[] = [];
  for (const p of frame.pages) {
    if (p.kind === kind && p.entity !== undefined && !out.includes(p.entity)) out.push(p.entity);
  }
  return out;
}
