/**
 * Keyboard layouts (SPEC §8): an operator-supplied translation map repairs the characters
 * of opted-in typed text that a recorder wrote as if the keyboard were US QWERTY. The
 * default is identity, and a layout is never guessed from the text.
 *
 * @module
 */

/** A character translation map with the name it is recorded under. */
export interface KeyboardLayout {
  /** The name recorded in the document, so a repaired text says how it was repaired. */
  name: string;
  /** Recorded character → intended character; characters not in the map stay. */
  map: ReadonlyMap<string, string>;
}

/** The identity layout: recorded text is left as it is. */
export const IDENTITY_LAYOUT: KeyboardLayout = { name: "identity", map: new Map() };

// A French AZERTY keyboard read as US QWERTY: each pair is what the recorder wrote for a
// key and what that key prints on AZERTY (unshifted and shifted).
const AZERTY_PAIRS = [
  "q",
  "a",
  "Q",
  "A",
  "a",
  "q",
  "A",
  "Q",
  "w",
  "z",
  "W",
  "Z",
  "z",
  "w",
  "Z",
  "W",
  ";",
  "m",
  ":",
  "M",
  "m",
  ",",
  "M",
  "?",
  ",",
  ";",
  "<",
  ".",
  ".",
  ":",
  ">",
  "/",
  "/",
  "!",
  "?",
  "§",
  "1",
  "&",
  "!",
  "1",
  "2",
  "é",
  "@",
  "2",
  "3",
  '"',
  "#",
  "3",
  "4",
  "'",
  "$",
  "4",
  "5",
  "(",
  "%",
  "5",
  "6",
  "-",
  "^",
  "6",
  "7",
  "è",
  "&",
  "7",
  "8",
  "_",
  "*",
  "8",
  "9",
  "ç",
  "(",
  "9",
  "0",
  "à",
  ")",
  "0",
  "-",
  ")",
  "_",
  "°",
  "[",
  "^",
  "{",
  "¨",
  "]",
  "$",
  "}",
  "£",
  "'",
  "ù",
  '"',
  "%",
  "\\",
  "*",
  "|",
  "µ",
  "`",
  "²",
];

function pairs(list: readonly string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (let i = 0; i < list.length; i += 2) m.set(list[i], list[i + 1]);
  return m;
}

/** Built-in layouts by name. */
export const BUILTIN_LAYOUTS: ReadonlyMap<string, KeyboardLayout> = new Map([
  ["identity", IDENTITY_LAYOUT],
  ["azerty", { name: "azerty", map: pairs(AZERTY_PAIRS) }],
]);

/**
 * Reads a layout file's text: a JSON object `{"name"?: string, "map": {"q": "a", …}}`
 * whose keys and values are single characters.
 */
export function parseKeyboardLayout(text: string, fallbackName: string): KeyboardLayout {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new SyntaxError(`Cannot read keyboard layout: ${(err as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new SyntaxError('Cannot read keyboard layout: expected an object {"map": {...}}');
  }
  const { name, map } = value as { name?: unknown; map?: unknown };
  if (typeof map !== "object" || map === null || Array.isArray(map)) {
    throw new SyntaxError('Cannot read keyboard layout: "map" must be an object of characters');
  }
  const out = new Map<string, string>();
  for (const [from, to] of Object.entries(map)) {
    if ([...from].length !== 1 || typeof to !== "string" || [...to].length !== 1) {
      throw new SyntaxError(
        `Cannot read keyboard layout: entry ${
          JSON.stringify(from)
        } must map one character to one character`,
      );
    }
    out.set(from, to);
  }
  return { name: typeof name === "string" && name !== "" ? name : fallbackName, map: out };
}

/** Translates recorded text through a layout, one character at a time. */
export function applyLayout(text: string, layout: KeyboardLayout): string {
  if (layout.map.size === 0) return text;
  let out = "";
  for (const ch of text) out += layout.map.get(ch) ?? ch;
  return out;
}
