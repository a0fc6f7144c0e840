/**
 * What the side-by-side benches share: running the bench script again in a fresh process
 * under another checkout's `deno.json` (so the child resolves that tree's imports), and
 * the quantile their summaries print.
 *
 * @module
 */

/** Runs `script` with `args` under `tree`'s deno.json; returns its stdout, throws its stderr. */
export function runUnderTree(tree: string, script: string, args: readonly string[]): string {
  const out = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--config", `${tree.replace(/\/?$/, "/")}deno.json`, script, ...args],
    stdout: "piped",
    stderr: "piped",
  }).outputSync();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

/** The `p` quantile of `xs` (the sorted value at index ⌊p · (n − 1)⌋). */
export function quantile(xs: readonly number[], p: number): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))];
}
