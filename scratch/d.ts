import { DatabaseSync } from "node:sqlite";
const db = new DatabaseSync(":memory:");
console.log(Object.getOwnPropertyNames(Object.getPrototypeOf(db)));
