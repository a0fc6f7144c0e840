/**
 * Google Calendar (calendar.google.com): the entity is the view (`week`, `month`, …) or
 * `event` for an open event.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

const VIEWS = new Set([
  "day",
  "week",
  "month",
  "year",
  "agenda",
  "schedule",
  "customday",
  "customweek",
]);

function parse(url: URL): PageRef | null {
  const s = segments(url);
  if (s[0] !== "calendar") return null;
  if (s.includes("appointments")) return ref("scheduling");
  const r = s.indexOf("r");
  const view = r >= 0 ? s[r + 1] : undefined;
  if (view === undefined) return ref("calendar");
  if (VIEWS.has(view)) return ref("calendar", view);
  if (view === "eventedit" || view === "event") return ref("calendar", "event");
  if (view === "settings") return ref("dashboard", "settings");
  return ref("calendar");
}

export default {
  hosts: ["calendar.google.com"],
  parse,
  examples: [
    ["https://calendar.google.com/calendar/u/0/r/week/2026/7/4", {
      kind: "calendar",
      entity: "week",
    }],
    ["https://calendar.google.com/calendar/r", { kind: "calendar" }],
    ["https://calendar.google.com/calendar/u/0/r/eventedit/NmJ2", {
      kind: "calendar",
      entity: "event",
    }],
    ["https://calendar.google.com/calendar/u/0/r/settings/general", {
      kind: "dashboard",
      entity: "settings",
    }],
    ["https://calendar.google.com/calendar/u/0/appointments/schedules/AcZ", { kind: "scheduling" }],
    ["https://calendar.google.com/", null],
  ],
} satisfies SiteParser;
