/**
 * One EXIF tag out of a JPEG: the walk APP1 "Exif\0\0" → TIFF header → IFD0 → the Exif
 * sub-IFD (tag 0x8769) → the wanted tag's bytes. Recall's EEA export keeps each snapshot's
 * metadata in tag 37500 of the Exif sub-IFD: Microsoft's sample reads the WIC path
 * `/app1/ifd/exif/{ushort=37500}` (microsoft/RecallSnapshotsExport,
 * RecallSnapshotsExport.cpp, `ImageMetadataStorageTag`).
 *
 * Written here rather than taken from an EXIF library: frames needs one undecoded tag, and
 * general readers (exifr, exifreader) decode 37500 as a camera maker note or skip it by
 * default; forty lines of bounds-checked offsets are easier to audit than that surface.
 *
 * @module
 */

/** What {@linkcode exifTag} found: the tag's bytes, or why there are none. */
export type ExifTagResult = { bytes: Uint8Array } | { missing: string };

/** The Exif sub-IFD pointer in IFD0. */
const EXIF_IFD = 0x8769;
/** Bytes per value of each TIFF field type (1 BYTE … 12 DOUBLE). */
const TYPE_SIZE = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8];

/** The Exif TIFF block of a JPEG (the APP1 segment after `Exif\0\0`), or `undefined`. */
function exifBlock(jpeg: Uint8Array): Uint8Array | undefined {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 4 <= jpeg.length && jpeg[i] === 0xff) {
    const marker = jpeg[i + 1];
    // Start of scan or end of image: the metadata segments are all before it.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const size = (jpeg[i + 2] << 8) | jpeg[i + 3];
    if (size < 2 || i + 2 + size > jpeg.length) return undefined;
    const body = jpeg.subarray(i + 4, i + 2 + size);
    const isExif = marker === 0xe1 && body.length >= 6 && body[0] === 0x45 &&
      body[1] === 0x78 && body[2] === 0x69 && body[3] === 0x66 && body[4] === 0 &&
      body[5] === 0;
    if (isExif) return body.subarray(6);
    i += 2 + size;
  }
  return undefined;
}

/** The bytes of `tag` in the Exif sub-IFD of a JPEG's APP1 segment. */
export function exifTag(jpeg: Uint8Array, tag: number): ExifTagResult {
  const tiff = exifBlock(jpeg);
  if (tiff === undefined) return { missing: "no EXIF (APP1) segment" };
  if (tiff.length < 8) return { missing: "a truncated EXIF header" };
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) {
    return { missing: "an EXIF header without a byte order" };
  }
  const v = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const u16 = (o: number) => v.getUint16(o, little);
  const u32 = (o: number) => v.getUint32(o, little);
  if (u16(2) !== 42) return { missing: "an EXIF header that is not TIFF" };
  const entry = (ifd: number, want: number): number | undefined => {
    if (ifd + 2 > tiff.length) return undefined;
    const n = u16(ifd);
    for (let k = 0; k < n; k++) {
      const at = ifd + 2 + k * 12;
      if (at + 12 > tiff.length) return undefined;
      if (u16(at) === want) return at;
    }
    return undefined;
  };
  const ptr = entry(u32(4), EXIF_IFD);
  if (ptr === undefined) return { missing: "no Exif sub-IFD" };
  const at = entry(u32(ptr + 8), tag);
  if (at === undefined) return { missing: `no EXIF tag ${tag}` };
  const size = (TYPE_SIZE[u16(at + 2)] ?? 0) * u32(at + 4);
  // Values of four bytes or fewer sit in the entry itself; longer ones at an offset.
  const start = size <= 4 ? at + 8 : u32(at + 8);
  if (size === 0 || start + size > tiff.length) {
    return { missing: `EXIF tag ${tag} with a bad size or offset` };
  }
  return { bytes: tiff.slice(start, start + size) };
}
