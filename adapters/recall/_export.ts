/**
 * The Windows Recall EEA export (FORMATS §3): one encrypted file per snapshot — a header
 * of four `uint32 LE` (version 2, key size 60, content size, content type), then
 * `[nonce 12][encrypted child key 32][tag 16]`, then `[ciphertext][tag 16]` under a zero
 * nonce. The key is SHA-256 of the 16 bytes of the user's 32-hex-digit export code;
 * AES-256-GCM (WebCrypto) opens the child key, the child key opens the JPEG. Metadata comes
 * from the `.json` beside a snapshot or from its JPEG's EXIF tag 37500 (`_export_meta.ts`);
 * a snapshot without readable metadata is rejected with the reason, and an export in which
 * no snapshot is readable is an error naming the first file and what it lacks.
 *
 * @module
 */

import { basename, extname, join } from "../../src/file_path.ts";
import type { Snapshot } from "../../src/model.ts";
import { NameCache } from "../_names.ts";
import { RECALL_DISPLAY } from "./_ukg.ts";
import { snapshotMeta } from "./_export_meta.ts";

const HEADER = 16;
const KEY_BLOCK = 60;

/** One snapshot of an export, decrypted and described. */
export interface RecallExportRead {
  snapshots: Snapshot[];
  /** Source file name per snapshot (same order), for dedupe keys. */
  names: string[];
  rows: number;
  rejected: Record<string, number>;
}

/** The 16 bytes of an export code (32 hex digits; dashes and spaces are ignored). */
export function exportCodeBytes(code: string, what: string): Uint8Array {
  const hex = code.replace(/[\s-]/g, "");
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) {
    throw new RangeError(`${what}: the export code must be 32 hexadecimal digits`);
  }
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** True when the bytes start like an encrypted export file (version 2, key size 60). */
export function isEncryptedSnapshot(bytes: Uint8Array): boolean {
  if (bytes.length < HEADER + KEY_BLOCK + 16) return false;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return v.getUint32(0, true) === 2 && v.getUint32(4, true) === KEY_BLOCK;
}

async function gcm(key: CryptoKey, iv: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(
    await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: iv as BufferSource, tagLength: 128 },
      key,
      data as BufferSource,
    ),
  );
}

/** Decrypt one snapshot file; throws `wrong export code` when the key does not open it. */
export async function decryptSnapshot(bytes: Uint8Array, master: CryptoKey): Promise<Uint8Array> {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = v.getUint32(8, true);
  const nonce = bytes.subarray(HEADER, HEADER + 12);
  let child: Uint8Array;
  try {
    child = await gcm(master, nonce, bytes.subarray(HEADER + 12, HEADER + KEY_BLOCK));
  } catch {
    throw new Error("wrong export code");
  }
  const key = await crypto.subtle.importKey("raw", child as BufferSource, "AES-GCM", false, [
    "decrypt",
  ]);
  const body = bytes.subarray(HEADER + KEY_BLOCK, HEADER + KEY_BLOCK + size + 16);
  return await gcm(key, new Uint8Array(12), body);
}

/** The AES key of an export code: SHA-256 of its 16 bytes. */
export async function masterKey(code: Uint8Array): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest("SHA-256", code as BufferSource);
  return await crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["decrypt"]);
}

function field(meta: Record<string, unknown>, names: string[]): unknown {
  const lower = new Map(Object.keys(meta).map((k) => [k.toLowerCase(), k]));
  for (const n of names) {
    const k = lower.get(n.toLowerCase());
    if (k !== undefined && meta[k] !== null && meta[k] !== "") return meta[k];
  }
  return undefined;
}

function int(v: unknown): number | undefined {
  const n = typeof v === "number"
    ? v
    : typeof v === "string" && /^\d+$/.test(v.trim())
    ? Number(v)
    : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Options for {@linkcode readRecallExport}. */
export interface ReadRecallExportOptions {
  /** The export code (32 hex digits). */
  code?: string;
  /** The start of error messages, e.g. `Cannot open Windows Recall export "…"`. */
  what: string;
}

/** Read and decrypt every snapshot of an export folder, oldest first. */
export async function readRecallExport(
  dir: string,
  opts: ReadRecallExportOptions,
): Promise<RecallExportRead> {
  const { code, what } = opts;
  const files: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    if (e.isFile && extname(e.name).toLowerCase() !== ".json") files.push(e.name);
  }
  files.sort();
  const rejected: Record<string, number> = {};
  let firstReason: string | undefined;
  const reject = (r: string, name: string) => {
    rejected[r] = (rejected[r] ?? 0) + 1;
    firstReason ??= `"${name}": ${r.replace(/^export: /, "")}`;
  };
  let master: CryptoKey | undefined;
  const found: { at: number; id?: number; name: string; snap: Omit<Snapshot, "ref"> }[] = [];
  const names = new NameCache();
  let rows = 0;
  for (const name of files) {
    const bytes = Deno.readFileSync(join(dir, name));
    const encrypted = isEncryptedSnapshot(bytes);
    if (!encrypted && !(bytes[0] === 0xff && bytes[1] === 0xd8)) continue; // not a snapshot
    let jpeg: Uint8Array = bytes;
    rows++;
    if (encrypted) {
      if (code === undefined || code === "") {
        throw new Error(
          `${what}: it is encrypted; pass the export code with --code (32 hex digits)`,
        );
      }
      master ??= await masterKey(exportCodeBytes(code, what));
      try {
        jpeg = await decryptSnapshot(bytes, master);
      } catch (err) {
        if ((err as Error).message === "wrong export code") {
          throw new Error(`${what}: wrong export code (it does not open "${name}")`);
        }
        reject("export: corrupt snapshot file", name);
        continue;
      }
    }
    const got = snapshotMeta(dir, name, jpeg);
    if ("reason" in got) {
      reject(got.reason, name);
      continue;
    }
    const meta = got.meta;
    const at = int(field(meta, ["DateTime", "TimeStamp", "Timestamp", "CaptureTime", "Time"]));
    if (at === undefined) {
      reject("export: no time in the metadata", name);
      continue;
    }
    const app = names.get(
      field(meta, ["AppName", "App", "ApplicationName", "ProcessName", "WindowsAppId"]),
    );
    if (app === undefined) {
      reject("export: no app in the metadata", name);
      continue;
    }
    const snap: Omit<Snapshot, "ref"> = { at, display: RECALL_DISPLAY, app, trigger: "visual" };
    const title = names.get(field(meta, ["WindowTitle", "Title"]));
    if (title !== undefined) snap.title = title;
    const url = field(meta, ["Uri", "Url", "WebUri", "FallbackUri"]);
    if (typeof url === "string" && /^https?:\/\//i.test(url)) snap.url = url;
    found.push({ at, id: int(field(meta, ["Id", "SnapshotId", "CaptureId"])), name, snap });
  }
  if (rows === 0) {
    // Any folder is not an export: nothing to read is the caller's wrong path, not an empty day.
    throw new Error(
      `${what}: the folder holds no Recall snapshot files (an EEA export folder, or pass the preview build's ukg.db)`,
    );
  }
  if (rows > 0 && found.length === 0 && firstReason !== undefined) {
    // Nothing readable at all is an error, not an empty day (SPEC §2: never a silent zero).
    throw new Error(`${what}: no snapshot is readable (${firstReason})`);
  }
  found.sort((a, b) => a.at - b.at || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // Refs: the snapshot's own id when the metadata has one, else its position (1-based).
  const snapshots = found.map((f, i) => ({ ref: f.id ?? i + 1, ...f.snap }));
  return { snapshots, names: found.map((f) => basename(f.name)), rows, rejected };
}
