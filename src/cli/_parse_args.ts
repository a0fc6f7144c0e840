/**
 * `node:util` `parseArgs` (strict mode, no tokens, no negation) as a plain module: importing
 * `node:util` starts Deno's Node compatibility layer, ~10 ms of every cold command. This is
 * a port of Node's `lib/internal/util/parse_args/parse_args.js` and `utils.js` — the same
 * tokens, the same values and the same error messages — and `tests/cli_parse_args_test.ts`
 * checks it against `node:util` on random command lines.
 *
 * @module
 */

/** One option as parseArgs takes it. */
export interface ArgOption {
  /** The value's type. */
  type: "string" | "boolean";
  /** A one-letter alias. */
  short?: string;
  /** Collect every occurrence in an array. */
  multiple?: boolean;
  /** The value when the option is absent. */
  default?: string | boolean | string[] | boolean[];
}

/** What {@linkcode parseArgs} takes. */
export interface ParseArgsInput {
  /** The command line, without the program and command. */
  args: string[];
  /** The options by long name. */
  options: Record<string, ArgOption>;
  /** Accept arguments that are not options. */
  allowPositionals: boolean;
}

/** The values by long name (a null-prototype object, as Node's) and the positionals. */
export interface ParseArgsResult {
  /** Each option given (or defaulted), by long name. */
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  /** The arguments that are not options, in order. */
  positionals: string[];
}

interface Token {
  kind: "option" | "positional" | "terminator";
  name: string;
  rawName: string;
  value: string | undefined;
  inlineValue: boolean | undefined;
}

function own(options: Record<string, ArgOption>, name: string): ArgOption | undefined {
  return Object.hasOwn(options, name) ? options[name] : undefined;
}

function longFor(short: string, options: Record<string, ArgOption>): string {
  for (const [name, o] of Object.entries(options)) {
    if (Object.hasOwn(o, "short") && o.short === short) return name;
  }
  return short;
}

function typeOf(options: Record<string, ArgOption>, name: string): string | undefined {
  const o = own(options, name);
  return o !== undefined && Object.hasOwn(o, "type") ? o.type : undefined;
}

function isLoneShort(arg: string): boolean {
  return arg.length === 2 && arg.charAt(0) === "-" && arg.charAt(1) !== "-";
}

function isShortCluster(arg: string): boolean {
  return arg.length > 2 && arg.charAt(0) === "-" && arg.charAt(1) !== "-";
}

function isLoneLong(arg: string): boolean {
  return arg.length > 2 && arg.startsWith("--") && !arg.includes("=", 3);
}

function isLongAndValue(arg: string): boolean {
  return arg.length > 2 && arg.startsWith("--") && arg.includes("=", 3);
}

function tokenize(args: string[], options: Record<string, ArgOption>): Token[] {
  const tokens: Token[] = [];
  const rest = [...args];
  const option = (name: string, rawName: string, value?: string, inline?: boolean): Token => ({
    kind: "option",
    name,
    rawName,
    value,
    inlineValue: inline,
  });
  while (rest.length > 0) {
    const arg = rest.shift()!;
    const next = rest[0];
    if (arg === "--") {
      tokens.push({
        kind: "terminator",
        name: "",
        rawName: "",
        value: undefined,
        inlineValue: undefined,
      });
      for (const a of rest) {
        tokens.push({
          kind: "positional",
          name: "",
          rawName: "",
          value: a,
          inlineValue: undefined,
        });
      }
      break;
    }
    if (isLoneShort(arg)) {
      const name = longFor(arg.charAt(1), options);
      const takes = typeOf(options, name) === "string" && next !== undefined;
      tokens.push(takes ? option(name, arg, rest.shift(), false) : option(name, arg));
      continue;
    }
    if (isShortCluster(arg) && typeOf(options, longFor(arg.charAt(1), options)) !== "string") {
      // -abc → -a -b -c; a string option inside takes the rest: -abfFILE → -a -b -fFILE.
      const expanded: string[] = [];
      for (let i = 1; i < arg.length; i++) {
        const short = arg.charAt(i);
        if (typeOf(options, longFor(short, options)) !== "string" || i === arg.length - 1) {
          expanded.push(`-${short}`);
        } else {
          expanded.push(`-${arg.slice(i)}`);
          break;
        }
      }
      rest.unshift(...expanded);
      continue;
    }
    if (isShortCluster(arg)) {
      const short = arg.charAt(1);
      tokens.push(option(longFor(short, options), `-${short}`, arg.slice(2), true));
      continue;
    }
    if (isLoneLong(arg)) {
      const name = arg.slice(2);
      const takes = typeOf(options, name) === "string" && next !== undefined;
      tokens.push(takes ? option(name, arg, rest.shift(), false) : option(name, arg));
      continue;
    }
    if (isLongAndValue(arg)) {
      const eq = arg.indexOf("=");
      const name = arg.slice(2, eq);
      tokens.push(option(name, `--${name}`, arg.slice(eq + 1), true));
      continue;
    }
    tokens.push({ kind: "positional", name: "", rawName: "", value: arg, inlineValue: undefined });
  }
  return tokens;
}

function check(token: Token, input: ParseArgsInput): void {
  const o = own(input.options, token.name);
  if (o === undefined) {
    const hint = input.allowPositionals
      ? `. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- ${
        JSON.stringify(token.rawName)
      }`
      : "";
    throw new Error(`Unknown option '${token.rawName}'${hint}`);
  }
  const short = Object.hasOwn(o, "short") ? o.short : undefined;
  const both = `${short ? `-${short}, ` : ""}--${token.name}`;
  const type = typeOf(input.options, token.name);
  if (type === "string" && typeof token.value !== "string") {
    throw new Error(`Option '${both} <value>' argument missing`);
  }
  if (type === "boolean" && token.value != null) {
    throw new Error(`Option '${both}' does not take an argument`);
  }
  const v = token.value;
  if (!token.inlineValue && v !== undefined && v.length > 1 && v.charAt(0) === "-") {
    const example = token.rawName.startsWith("--")
      ? `'${token.rawName}=-XYZ'`
      : `'--${token.name}=-XYZ' or '${token.rawName}-XYZ'`;
    throw new Error(
      `Option '${token.rawName}' argument is ambiguous.\nDid you forget to specify the option argument for '${token.rawName}'?\nTo specify an option argument starting with a dash use ${example}.`,
    );
  }
}

/** Parses `input.args` strictly against `input.options`; a mistake throws an Error with Node's message. */
export function parseArgs(input: ParseArgsInput): ParseArgsResult {
  const values: ParseArgsResult["values"] = Object.create(null);
  const positionals: string[] = [];
  for (const token of tokenize(input.args, input.options)) {
    if (token.kind === "option") {
      check(token, input);
      if (token.name === "__proto__") continue;
      const value = token.value ?? true;
      if (own(input.options, token.name)?.multiple) {
        const list = values[token.name];
        if (Array.isArray(list)) list.push(value);
        else values[token.name] = [value];
      } else {
        values[token.name] = value;
      }
    } else if (token.kind === "positional") {
      if (!input.allowPositionals) {
        throw new Error(
          `Unexpected argument '${token.value}'. This command does not take positional arguments`,
        );
      }
      positionals.push(token.value!);
    }
  }
  for (const [name, o] of Object.entries(input.options)) {
    if (Object.hasOwn(o, "default") && o.default !== undefined && values[name] === undefined) {
      values[name] = o.default as ParseArgsResult["values"][string];
    }
  }
  return { values, positionals };
}
