/**
 * `frames sources`: list the capture sources found on this machine.
 *
 * @module
 */

import { detectSources } from "../import/detect.ts";
import { parseFlags } from "./_args.ts";
import { resolveSettings } from "./_settings.ts";

const HELP = `Usage: frames sources [options]

List the capture sources found on this machine: frames' native store, screenpipe's
databases, ActivityWatch's databases and a local aw-server, Windows Recall's ukg.db.
Each line gives the --source value that reads it directly.

Options:
  --json        print a JSON array instead of lines
  --no-server   do not ask http://127.0.0.1:5600 whether aw-server runs
  -h, --help    show this help
`;

/** Entry point of `frames sources`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, {
    json: { type: "boolean" },
    "no-server": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  }, { command: "sources" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const settings = resolveSettings({});
  const found = await detectSources({
    home: settings.userHome,
    framesHome: settings.home,
    probeServer: p.values["no-server"] !== true,
  });
  if (p.values.json) {
    console.log(JSON.stringify(found, null, 2));
    return 0;
  }
  if (found.length === 0) {
    console.log("no capture sources found (see frames import --help)");
    return 0;
  }
  const width = Math.max(...found.map((f) => f.kind.length));
  for (const f of found) console.log(`${f.kind.padEnd(width)}  ${f.spec}  (${f.detail})`);
  return 0;
}
