/**
 * The main thread's CPU clock in ms (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)` through FFI,
 * Linux): a loaded machine's wait for a core is not counted, nor work V8 does on its helper
 * threads (part of garbage collection). Shared by bench/stage_cpu.ts and bench/live_phases.ts.
 *
 * @module
 */

/** A function reading the main thread's CPU time, in ms. */
export function cpuClock(): () => number {
  const libc = Deno.dlopen("libc.so.6", {
    clock_gettime: { parameters: ["i32", "buffer"], result: "i32" },
  });
  const ts = new BigInt64Array(2);
  const CLOCK_THREAD_CPUTIME_ID = 3;
  return () => {
    libc.symbols.clock_gettime(CLOCK_THREAD_CPUTIME_ID, ts);
    return Number(ts[0]) * 1e3 + Number(ts[1]) / 1e6;
  };
}
