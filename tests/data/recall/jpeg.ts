/**
 * Building small JPEGs for tests: SOI, an optional APP1 "Exif" segment whose TIFF block
 * holds IFD0 → Exif sub-IFD (0x8769) → the given tags, a tiny DQT-free body, EOI. Laid out
 * after the EXIF 2.3 / TIFF 6.0 structure (8-byte header "II*\0" or "MM\0*", 12-byte IFD
 * entries, values over 4 bytes at an offset), which is what Windows writes tag 37500 into
 * (microsoft/RecallSnapshotsExport reads `/app1/ifd/exif/{ushort=37500}`).
 *
 * @module
 */

/** One tag of the Exif sub-IFD: its number, TIFF type (7 UNDEFINED, 2 ASCII, …) and bytes. */
export interface TestTag {
  tag: number;
  type?: number;
  bytes: Uint8Array;
}

/** Options of {@linkcode jpegWithExif}. */
export interface JpegOptions {
  /** Big-endian ("MM") TIFF block instead of little-endian ("II"). */
  bigEndian?: boolean;
  /** Leave out the Exif sub-IFD pointer (an EXIF segment with IFD0 only). */
  noExifIfd?: boolean;
  /** A JFIF APP0 segment before the APP1, as cameras and encoders often write. */
  app0?: boolean;
}

/** A JPEG whose APP1 EXIF block carries `tags` in its Exif sub-IFD (`[]`: no tag at all). */
export function jpegWithExif(tags: TestTag[], opts: JpegOptions = {}): Uint8Array {
  const le = !opts.bigEndian;
  const tiff: number[] = [];
  const u16 = (at: number, v: number) => {
    tiff[at] = le ? v & 0xff : v >> 8;
    tiff[at + 1] = le ? v >> 8 : v & 0xff;
  };
  const u32 = (at: number, v: number) => {
    const b = [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >>> 24) & 0xff];
    for (let k = 0; k < 4; k++) tiff[at + k] = le ? b[k] : b[3 - k];
  };
  tiff.push(...(le ? [0x49, 0x49] : [0x4d, 0x4d]), 0, 0, 0, 0, 0, 0);
  u16(2, 42);
  u32(4, 8);
  // IFD0: one entry (the Exif pointer) or none; then a zero "next IFD" offset.
  const ifd0 = 8;
  const n0 = opts.noExifIfd ? 0 : 1;
  const exifIfd = ifd0 + 2 + n0 * 12 + 4;
  u16(ifd0, n0);
  if (n0 === 1) {
    u16(ifd0 + 2, 0x8769);
    u16(ifd0 + 4, 4); // LONG
    u32(ifd0 + 6, 1);
    u32(ifd0 + 10, exifIfd);
  }
  u32(ifd0 + 2 + n0 * 12, 0);
  if (n0 === 1) {
    u16(exifIfd, tags.length);
    let data = exifIfd + 2 + tags.length * 12 + 4;
    tags.forEach((t, k) => {
      const at = exifIfd + 2 + k * 12;
      u16(at, t.tag);
      u16(at + 2, t.type ?? 7);
      u32(at + 4, t.bytes.length);
      if (t.bytes.length <= 4) {
        for (let b = 0; b < 4; b++) tiff[at + 8 + b] = t.bytes[b] ?? 0;
      } else {
        u32(at + 8, data);
        for (let b = 0; b < t.bytes.length; b++) tiff[data + b] = t.bytes[b];
        data += t.bytes.length;
      }
    });
    u32(exifIfd + 2 + tags.length * 12, 0);
  }
  for (let k = 0; k < tiff.length; k++) tiff[k] ??= 0;
  const app1 = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const jfif = [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...(opts.app0 ? segment(0xe0, jfif) : []),
    ...segment(0xe1, app1),
    ...segment(0xfe, [0x66, 0x72, 0x61, 0x6d, 0x65, 0x73]), // COM "frames"
    0xff,
    0xda,
    0,
    2,
    0x12,
    0x34,
    0xff,
    0xd9,
  ]);
}

/** `text` as UTF-16 LE bytes with a BOM, the way Windows strings are stored. */
export function utf16le(text: string): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out[0] = 0xff;
  out[1] = 0xfe;
  for (let k = 0; k < text.length; k++) {
    out[2 + 2 * k] = text.charCodeAt(k) & 0xff;
    out[3 + 2 * k] = text.charCodeAt(k) >> 8;
  }
  return out;
}
