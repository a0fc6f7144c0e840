/**
 * `completion/complete` for every prompt argument and resource-template variable: days
 * (`today`, `yesterday`, then the days that hold capture, most recent first) and, for a
 * local time, the hours of the day typed so far.
 *
 * @module
 */

import type { CompleteResult, Server } from "@modelcontextprotocol/server";
import { completeDay, type Completion, completion } from "./_day_completion.ts";
import { invalidParams, type SurfaceOptions } from "./_surface.ts";
import { PROMPTS } from "./prompts.ts";
import { RESOURCE_TEMPLATES } from "./resources.ts";

/** What is being completed: a prompt's argument or a template's variable. */
export type CompletionRef = { type: "ref/prompt"; name: string } | {
  type: "ref/resource";
  uri: string;
};

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);

/** `YYYY-MM-DDT` of each capture day, then on-the-hour times once a day is typed. */
async function completeLocalTime(opts: SurfaceOptions, typed: string): Promise<Completion> {
  const day = /^(\d{4}-\d{2}-\d{2})[T ]/.exec(typed);
  if (day) return completion(HOURS.map((h) => `${day[1]}T${h}`), typed.replace(" ", "T"));
  const days = await opts.backend.days();
  return completion([...HOURS, ...days.map((d) => `${d}T`)], typed);
}

function completeArgument(
  ref: CompletionRef,
  name: string,
  value: string,
  context: Record<string, string>,
  opts: SurfaceOptions,
): Promise<Completion> {
  const backend = opts.backend;
  if (ref.type === "ref/prompt") {
    const prompt = PROMPTS.find((p) => p.name === ref.name);
    if (prompt === undefined) {
      throw invalidParams(
        `Unknown prompt "${ref.name}": complete the arguments of ${
          PROMPTS.map((p) => p.name).join(", ")
        }`,
      );
    }
    if (!prompt.arguments.some((a) => a.name === name)) {
      throw invalidParams(
        `Unknown argument "${name}" for prompt ${ref.name}: it takes ${
          prompt.arguments.map((a) => a.name).join(" and ")
        }`,
      );
    }
    if (name === "day") return completeDay(backend, value);
    if (name === "at") return completeLocalTime(opts, value);
    return completeDay(backend, value, { datesOnly: true, from: context.from });
  }
  const template = RESOURCE_TEMPLATES.find((t) => t.uriTemplate === ref.uri);
  if (template === undefined) {
    throw invalidParams(
      `Unknown resource template "${ref.uri}": complete the variables of ${
        RESOURCE_TEMPLATES.map((t) => t.uriTemplate).join(", ")
      }`,
    );
  }
  if (name === "day" && template.uriTemplate.includes("{day}")) return completeDay(backend, value);
  if ((name === "start" || name === "end") && template.uriTemplate.includes(`{${name}}`)) {
    return completeDay(backend, value, {
      datesOnly: true,
      from: name === "end" ? context.start : undefined,
    });
  }
  throw invalidParams(
    `Unknown variable "${name}" of ${ref.uri}: it has ${
      [...template.uriTemplate.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).join(" and ")
    }`,
  );
}

/** Installs `completion/complete` on the low-level `server` (its capability included). */
export function registerCompletion(server: Server, opts: SurfaceOptions): void {
  server.registerCapabilities({ completions: {} });
  server.setRequestHandler("completion/complete", async (req): Promise<CompleteResult> => {
    const { ref, argument, context } = req.params;
    const found = await completeArgument(
      ref as CompletionRef,
      argument.name,
      argument.value,
      context?.arguments ?? {},
      opts,
    );
    return { completion: { ...found } };
  });
}
