import { DatabaseSync } from "node:sqlite";
const db = new DatabaseSync(":memory:");
db.exec("create table t(x text)");
db.prepare("insert into t values (?)").run("before\u0000after");
db.prepare("insert into t values (?)").run("plain é");
db.prepare("insert into t values (?)").run(null);
console.log(
  db.prepare("select CASE WHEN instr(x, char(0)) > 0 THEN CAST(x AS BLOB) ELSE x END v from t")
    .all(),
);
