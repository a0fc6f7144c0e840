import { DatabaseSync } from "node:sqlite";
const p = Deno.args[0];
for (
  const target of [
    new URL("file://" + p + "?mode=ro&immutable=1"),
    "file:" + p + "?mode=ro&immutable=1",
    "file://" + p + "?mode=ro&immutable=1",
  ]
) {
  try {
    const u = new DatabaseSync(target as string, { readOnly: true });
    console.log(String(target), u.prepare("select count(*) n from t").get());
    u.close();
  } catch (e) {
    console.log(String(target), "ERR", String(e));
  }
}
console.log([...Deno.readDirSync("/tmp/walt")].map((e) => e.name).sort());
