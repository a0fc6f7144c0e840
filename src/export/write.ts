/**
 * Writing one table partition as Parquet, atomically, so a reader sees the old partition or
 * the new one, never half of either, and re-exporting a day replaces it.
 *
 * @module
 */

import { join } from "../file_path.ts";
import { parquetWriteBuffer } from "hyparquet-writer";
import { EXPORT_SCHEMA_VERSION, type TableName, TABLES } from "./schema.ts";
import type { Columns } from "./rows.ts";

/** Where one partition lives: `<dir>/<table>/user=<user>/day=<day>/part-0.parquet`. */
export function partitionDir(dir: string, table: TableName, user: string, day: string): string {
  return join(dir, table, `user=${user}`, `day=${day}`);
}

/** The Parquet bytes of one table's columns (snappy, with the schema version as metadata). */
export function parquetBytes(table: TableName, cols: Columns): Uint8Array {
  const buf = parquetWriteBuffer({
    columnData: TABLES[table].map((c) => ({
      name: c.name,
      // deno-lint-ignore no-explicit-any
      data: cols[c.name] as any[],
      type: c.type,
      nullable: c.nullMeans !== undefined,
    })),
    kvMetadata: [
      { key: "frames.schema_version", value: String(EXPORT_SCHEMA_VERSION) },
      { key: "frames.table", value: table },
    ],
    createdBy: "frames",
    statistics: false,
  });
  return new Uint8Array(buf);
}

/**
 * Writes one partition, replacing an earlier export of it atomically: the bytes go to a
 * hidden file in the partition folder (engines skip names starting with `.`), which is
 * then renamed over `part-0.parquet` — a rename within one folder is atomic.
 */
export function writePartition(
  dir: string,
  where: { table: TableName; user: string; day: string },
  cols: Columns,
): string {
  const target = partitionDir(dir, where.table, where.user, where.day);
  Deno.mkdirSync(target, { recursive: true });
  const file = join(target, "part-0.parquet");
  const temp = join(target, `.part-0.parquet.${Deno.pid}.tmp`);
  try {
    Deno.writeFileSync(temp, parquetBytes(where.table, cols), { mode: 0o600 });
    Deno.renameSync(temp, file);
  } catch (err) {
    try {
      Deno.removeSync(temp);
    } catch {
      // Never written, or already renamed.
    }
    throw new Error(`Cannot write Parquet partition "${file}": ${(err as Error).message}`);
  }
  return file;
}
