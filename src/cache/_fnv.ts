/**
 * FNV-1a (32-bit) of a text's UTF-8 bytes, for the cache file's body check. A cached day
 * is read by a fresh process, where a JavaScript loop over 100,000+ characters still runs
 * in the interpreter (~2.3 ms for a busy day's body, 0.13 ms once optimised); the same
 * loop as an 85-byte WebAssembly function costs ~0.1 ms from its first call. Where
 * WebAssembly is unavailable the JavaScript loop gives the same value.
 *
 * The module, in WebAssembly text (assembled by hand; `tests/cache_fnv_test.ts` checks it
 * against the JavaScript loop):
 *
 * ```wat
 * (module
 *   (memory (export "m") 1)
 *   (func (export "h") (param $n i32) (param $h i32) (result i32) (local $i i32)
 *     (block (loop
 *       (br_if 1 (i32.ge_u (local.get $i) (local.get $n)))
 *       (local.set $h (i32.mul (i32.xor (local.get $h) (i32.load8_u (local.get $i)))
 *                              (i32.const 0x01000193)))
 *       (local.set $i (i32.add (local.get $i) (i32.const 1)))
 *       (br 0)))
 *     (local.get $h)))
 * ```
 *
 * @module
 */

// deno-fmt-ignore
const WASM = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, // magic, version
  1, 7, 1, 96, 2, 127, 127, 1, 127, // type: (i32, i32) -> i32
  3, 2, 1, 0, // one function of that type
  5, 3, 1, 0, 1, // one memory, one page (64 KiB)
  7, 9, 2, 1, 109, 2, 0, 1, 104, 0, 0, // exports "m" (memory), "h" (function)
  10, 46, 1, 44, 1, 1, 127, // code: one body, one i32 local
  2, 64, 3, 64, 32, 2, 32, 0, 79, 13, 1, // block loop: br_if 1 (i >= n)
  32, 1, 32, 2, 45, 0, 0, 115, 65, 147, 131, 128, 8, 108, 33, 1, // h = (h ^ mem[i]) * prime
  32, 2, 65, 1, 106, 33, 2, 12, 0, 11, 11, 32, 1, 11, // i++; br 0; end end; h
]);

const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;

let wasm: { memory: Uint8Array; hash: (n: number, h: number) => number } | null | undefined;

function load(): typeof wasm {
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(WASM));
    const memory = instance.exports.m as WebAssembly.Memory;
    return {
      memory: new Uint8Array(memory.buffer),
      hash: instance.exports.h as (n: number, h: number) => number,
    };
  } catch {
    return null; // no WebAssembly here (e.g. a jitless runtime): the loop below
  }
}

const UTF8 = new TextEncoder();

/** FNV-1a 32-bit over the UTF-8 bytes of `text` (lone surrogates as U+FFFD), unsigned. */
export function fnv1aUtf8(text: string): number {
  if (wasm === undefined) wasm = load();
  const w = wasm;
  if (w === null || w === undefined) return fnv1aBytes(UTF8.encode(text));
  let h = OFFSET | 0;
  // One page at a time: encodeInto writes whole characters and says how many it read.
  for (let at = 0; at < text.length;) {
    const { read, written } = UTF8.encodeInto(at === 0 ? text : text.slice(at), w.memory);
    h = w.hash(written, h);
    at += read;
  }
  return h >>> 0;
}

/** The same hash in plain JavaScript, over bytes already encoded. */
export function fnv1aBytes(bytes: Uint8Array): number {
  let h = OFFSET;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], PRIME);
  return h >>> 0;
}
