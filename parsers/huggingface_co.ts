/**
 * Hugging Face (huggingface.co): models, datasets, Spaces, papers, docs, profiles.
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
  words,
  wordSet,
} from "../src/entities/parser_kit.ts";

const RESERVED = wordSet(
  "api blog chat collections docs enterprise join learn login models datasets new notifications",
  "organizations papers posts pricing settings spaces tasks terms-of-service",
);
const LISTS: Record<string, string> = { models: "model", datasets: "dataset", spaces: "space" };

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const [first, a, b] = s;
  if (first === undefined) return null;
  if (Object.hasOwn(LISTS, first)) {
    if (a && b) return ref(LISTS[first], `${a}/${b}`);
    const search = param(url, "search");
    return search ? ref("search", search) : null;
  }
  switch (first) {
    case "docs":
      return a ? ref("docs", a) : null;
    case "papers":
      return a ? ref("paper", a) : ref("feed", "papers");
    case "blog":
      return a ? ref("article", words(a)) : null;
    case "chat":
      return ref("ai_chat", a === "conversation" ? b : undefined);
    case "settings":
    case "notifications":
      return ref("dashboard", first);
    case "login":
    case "join":
      return ref("sign_in");
  }
  if (RESERVED.has(first)) return null;
  return a ? ref("model", `${first}/${a}`) : ref("profile", first);
}

export default {
  hosts: ["huggingface.co", "hf.co"],
  parse,
  examples: [
    ["https://huggingface.co/meta-llama/Llama-3.1-8B", {
      kind: "model",
      entity: "meta-llama/Llama-3.1-8B",
    }],
    ["https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json", {
      kind: "model",
      entity: "meta-llama/Llama-3.1-8B",
    }],
    ["https://huggingface.co/datasets/openai/gsm8k", { kind: "dataset", entity: "openai/gsm8k" }],
    ["https://huggingface.co/spaces/gradio/hello", { kind: "space", entity: "gradio/hello" }],
    ["https://huggingface.co/models?search=whisper", { kind: "search", entity: "whisper" }],
    ["https://huggingface.co/docs/transformers/index", { kind: "docs", entity: "transformers" }],
    ["https://huggingface.co/papers/2401.12345", { kind: "paper", entity: "2401.12345" }],
    ["https://huggingface.co/openai", { kind: "profile", entity: "openai" }],
    ["https://huggingface.co/", null],
    ["https://huggingface.co/pricing", null],
  ],
} satisfies SiteParser;
