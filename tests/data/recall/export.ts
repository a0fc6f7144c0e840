/**
 * Writing a Windows Recall EEA export snapshot (FORMATS §3) for tests: the header, the
 * child key wrapped under SHA-256 of the export code, the JPEG under the child key.
 *
 * @module
 */

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)));
}

/** Encrypt one snapshot the way the export does (FORMATS §3). */
export async function encryptSnapshot(code: string, jpeg: Uint8Array): Promise<Uint8Array> {
  const master = await crypto.subtle.importKey(
    "raw",
    await crypto.subtle.digest("SHA-256", hexBytes(code) as BufferSource),
    "AES-GCM",
    false,
    ["encrypt"],
  );
  const childRaw = crypto.getRandomValues(new Uint8Array(32));
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const wrapped = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, master, childRaw),
  ); // 32 + 16
  const child = await crypto.subtle.importKey("raw", childRaw, "AES-GCM", false, ["encrypt"]);
  const body = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv: new Uint8Array(12) },
      child,
      jpeg as BufferSource,
    ),
  );
  const out = new Uint8Array(16 + 60 + body.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, 2, true);
  v.setUint32(4, 60, true);
  v.setUint32(8, jpeg.length, true);
  v.setUint32(12, 1, true);
  out.set(nonce, 16);
  out.set(wrapped, 28);
  out.set(body, 76);
  return out;
}
