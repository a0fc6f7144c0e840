/**
 * Judges one scenario run of the MCP conformance suite from the `checks.json` files it
 * wrote under DIR: a FAILURE fails the scenario, except a check the suite itself marks
 * untestable because it needs one of the reference server's fixture tools (frames does
 * not ship test fixtures); those are named as not applicable. Prints one line per
 * non-passing check and exits 0 when the scenario passed.
 *
 * Usage: deno run --allow-read .ci/conformance_verdict.ts DIR
 *
 * @module
 */

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
  details?: { untestable?: boolean };
}

const dir = Deno.args[0];
const checks: Check[] = [];
for (const entry of Deno.readDirSync(dir)) {
  if (!entry.isDirectory) continue;
  try {
    checks.push(...JSON.parse(Deno.readTextFileSync(`${dir}/${entry.name}/checks.json`)));
  } catch {
    // A run that wrote no checks is judged below as having none.
  }
}
let failed = 0, passed = 0;
for (const c of checks) {
  if (c.status === "SUCCESS") passed++;
  else if (c.status === "FAILURE" && c.details?.untestable === true) {
    console.log(`   n/a check ${c.id}: ${c.errorMessage ?? ""}`);
  } else if (c.status === "FAILURE") {
    failed++;
    console.log(`   FAILED check ${c.id}: ${c.errorMessage ?? ""}`);
  } else console.log(`   ${c.status.toLowerCase()} check ${c.id}: ${c.errorMessage ?? ""}`);
}
if (passed === 0 && failed === 0) {
  console.log("   no check ran");
  Deno.exit(1);
}
console.log(`   ${passed} checks passed, ${failed} failed`);
Deno.exit(failed === 0 ? 0 : 1);
