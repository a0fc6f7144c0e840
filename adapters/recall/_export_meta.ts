/**
 * Where an export snapshot's metadata comes from: the `.json` Microsoft's sample tool
 * writes beside each decrypted snapshot (`<name>.json`, numbers and Unix-ms times as
 * strings; microsoft/RecallSnapshotsExport, JsonHelper.h), or else the JPEG's own EXIF tag
 * 37500, where Windows stores it (RecallSnapshotsExport.cpp, `ImageMetadataStorageTag`).
 *
 * The tag holds a `ValueSet` written by `IPropertySetSerializer`, whose layout Microsoft
 * does not document and does not promise to keep ("no guarantee that a serialized property
 * set buffer can be deserialized by another computer"; RoCreatePropertySetSerializer's
 * reference page). So the tag is read when it carries JSON text (UTF-8 or UTF-16, as the
 * sample's own `.json` is), and a binary property set is rejected with a reason that says
 * how to get the `.json`, rather than guessed at.
 *
 * @module
 */

import { extname, join } from "../../src/file_path.ts";
import { exifTag } from "./_exif.ts";

/** Windows' metadata tag in the Exif sub-IFD of an export snapshot's JPEG. */
export const RECALL_EXIF_TAG = 37500;

/** A snapshot's metadata object, or why it has none (a `rejected` reason). */
export type SnapshotMeta = { meta: Record<string, unknown> } | { reason: string };

/** Text of a tag's bytes: UTF-16 LE when it says so (BOM or NUL high bytes), else UTF-8. */
function tagText(bytes: Uint8Array): string {
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes.length >= 2 && bytes[0] !== 0 && bytes[1] === 0);
  const text = new TextDecoder(utf16 ? "utf-16le" : "utf-8").decode(bytes);
  // EXIF strings often end in NUL padding; a BOM may lead.
  return text.replace(/^\uFEFF/, "").replace(/\0+$/, "").trim();
}

function asObject(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The metadata of snapshot file `name` in `dir`, whose decrypted JPEG is `jpeg`. */
export function snapshotMeta(dir: string, name: string, jpeg: Uint8Array): SnapshotMeta {
  const stem = name.slice(0, name.length - extname(name).length);
  for (const m of [`${name}.json`, `${stem}.json`]) {
    let text: string;
    try {
      text = Deno.readTextFileSync(join(dir, m));
    } catch {
      continue; // Try the other spelling, then the EXIF tag.
    }
    const meta = asObject(text);
    return meta === undefined ? { reason: "export: metadata .json is not valid JSON" } : { meta };
  }
  const tag = exifTag(jpeg, RECALL_EXIF_TAG);
  if ("missing" in tag) {
    return { reason: `export: no metadata (no .json beside it, ${tag.missing} in the JPEG)` };
  }
  const meta = asObject(tagText(tag.bytes));
  if (meta === undefined) {
    return {
      reason:
        `export: EXIF tag ${RECALL_EXIF_TAG} is Windows' binary property set (write the .json with Microsoft's RecallSnapshotsExport)`,
    };
  }
  return { meta };
}
