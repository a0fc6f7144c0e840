/**
 * Base64url without padding (RFC 4648 §5): the alphabet of tokens and opaque cursors,
 * safe in URLs, headers and file names.
 *
 * @module
 */

/** Encodes bytes as unpadded base64url. */
export function encodeBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Decodes base64url (padded or not); throws a `DOMException` when `text` is not base64. */
export function decodeBase64Url(text: string): Uint8Array {
  const bin = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}
