/**
 * A static purity check for parser sources: parsers may not reach the clock, randomness,
 * I/O, the network or other modules (SPEC §6). Used by the tests and `frames parsers check`.
 *
 * @module
 */

/** Module specifiers a parser file may import from (relative to `parsers/`). */
export const ALLOWED_IMPORTS: readonly string[] = [
  "../src/entities/parser_kit.ts",
  "../src/entities/parser.ts",
];

const FORBIDDEN: readonly [RegExp, string][] = [
  [/\bDate\b/, "the clock (Date)"],
  [/\bperformance\b/, "the clock (performance)"],
  [/\bTemporal\b/, "the clock (Temporal)"],
  [/\bMath\s*\.\s*random\b/, "randomness (Math.random)"],
  [/\bcrypto\b/, "randomness or I/O (crypto)"],
  [/\bDeno\b/, "I/O (Deno)"],
  [/\bprocess\b/, "I/O (process)"],
  [/\brequire\s*\(/, "module loading (require)"],
  [/\bimport\s*\(/, "module loading (import())"],
  [/\bimport\s*\.\s*meta\b/, "module location (import.meta)"],
  [/\bfetch\b/, "the network (fetch)"],
  [
    /\b(?:XMLHttpRequest|WebSocket|EventSource|navigator|localStorage|sessionStorage)\b/,
    "the network or browser state",
  ],
  [/\b(?:setTimeout|setInterval|queueMicrotask|requestAnimationFrame)\b/, "timers"],
  [/\bglobalThis\b|\bself\b|\bwindow\b/, "the global object"],
  [/\beval\b|\bnew\s+Function\b/, "dynamic code (eval, Function)"],
];

/** Lists the purity violations in a parser file's source text (empty when pure). */
export function purityViolations(source: string): string[] {
  const code = strip(source, false);
  const bare = strip(source, true);
  const found: string[] = [];
  for (const [pattern, what] of FORBIDDEN) {
    if (pattern.test(bare)) found.push(`uses ${what}`);
  }
  for (const m of code.matchAll(/\b(?:import|export)\b([^;'"]*?)\bfrom\s*["']([^"']+)["']/g)) {
    if (!ALLOWED_IMPORTS.includes(m[2])) {
      found.push(`imports "${m[2]}" (allowed: ${ALLOWED_IMPORTS.join(", ")})`);
    }
  }
  for (const m of code.matchAll(/\bimport\s*["']([^"']+)["']/g)) {
    found.push(`imports "${m[1]}" for its side effects`);
  }
  return found;
}

const TOKENS =
  /(\/\*[\s\S]*?\*\/|\/\/[^\n]*)|("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')|(`(?:\\.|[^`\\])*`)|(\/(?![*/])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+\/[a-z]*)/g;

// Removes comments (documentation may mention Date or fetch). With `strings`, also empties
// string literals (a reserved word list may contain "performance") but keeps the
// expressions inside template literals, where code can hide.
function strip(source: string, strings: boolean): string {
  return source.replace(
    TOKENS,
    (whole, comment?: string, quoted?: string, template?: string) => {
      if (comment !== undefined) return " ";
      if (!strings) return whole;
      if (quoted !== undefined) return '""';
      if (template !== undefined) {
        const parts = [...template.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]);
        return `(${parts.join(", ")})`;
      }
      return whole;
    },
  );
}
