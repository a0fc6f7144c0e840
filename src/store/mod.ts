/**
 * The native store, one owner: frames' own SQLite capture database — its schema and
 * forward migrations, the writer the capture engine and `frames import` append through,
 * the reader the native adapter compiles from — plus the read-only SQLite helpers every
 * SQLite-backed adapter shares.
 *
 * Imports nothing of ours but the capture model, so capture/ and adapters/ can both build
 * on it without importing each other.
 *
 * @example
 * ```ts
 * import { appendBatch, openStore, readNative, registerSource, storePath } from "./mod.ts";
 *
 * const path = storePath(`${home}/.frames`);
 * const db = openStore(path);
 * const sourceId = registerSource(db, { adapter: "native", location: path, fingerprint: "", capabilities });
 * appendBatch(db, { snapshots, events: [] }, { sourceId });
 * db.close();
 * const day = readNative(path, { start, end });
 * ```
 *
 * @module
 */

export type * from "../model.ts";
export { STORE_VERSION } from "./_schema.ts";
export { discoverNative, STORE_FILE, storePath } from "./path.ts";
export {
  appendBatch,
  type AppendOptions,
  type AppendResult,
  beginImport,
  type BeginImportOptions,
  finishImport,
  type FinishImportOptions,
  openStore,
  type OpenStoreOptions,
  registerSource,
  type StoreBatch,
  type StoreRedactor,
  type StoreSource,
  storeVersion,
} from "./writer.ts";
export {
  type NativeReadOptions,
  readNative,
  readNativeElements,
  type ReadNativeElementsOptions,
  storeSpan,
  type StoreSummary,
  summarizeStore,
} from "./reader.ts";
export {
  type ArrayStatement,
  describeSqliteError,
  type DescribeSqliteErrorOptions,
  fnv1a,
  inReadTransaction,
  openReadOnly,
  type OpenReadOnlyOptions,
  prepareArrays,
  readSqliteSource,
  type ReadSqliteSourceOptions,
  wholeText,
  wholeTextValue,
} from "./sqlite.ts";
export { checkWindow } from "./window.ts";
export { machinesNote } from "./_machines.ts";
