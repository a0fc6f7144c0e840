/**
 * Test helper run as its own process with --allow-ffi: changes an X server's state the way
 * a desktop would, without extra packages.
 *
 *   deno run --allow-ffi --allow-env xctl.ts monitors LEFT=640x800+0+0 RIGHT=640x800+640+0
 *   deno run --allow-ffi --allow-env xctl.ts saver on|off
 *
 * `monitors` defines RandR 1.5 monitors (the first takes over the server's output, so the
 * automatic whole-screen monitor disappears); `saver` forces the screen saver on or off.
 */

const x11 = Deno.dlopen("libX11.so.6", {
  XOpenDisplay: { parameters: ["buffer"], result: "pointer" },
  XDefaultRootWindow: { parameters: ["pointer"], result: "u64" },
  XInternAtom: { parameters: ["pointer", "buffer", "i32"], result: "u64" },
  XForceScreenSaver: { parameters: ["pointer", "i32"], result: "i32" },
  XSync: { parameters: ["pointer", "i32"], result: "i32" },
  XCloseDisplay: { parameters: ["pointer"], result: "i32" },
}).symbols;

const cstr = (s: string) => new TextEncoder().encode(`${s}\0`);
const dpy = x11.XOpenDisplay(cstr(Deno.env.get("DISPLAY") ?? ""));
if (dpy === null) {
  console.error("xctl: cannot open display");
  Deno.exit(1);
}
const root = x11.XDefaultRootWindow(dpy);
const [cmd, ...args] = Deno.args;

if (cmd === "saver") {
  x11.XForceScreenSaver(dpy, args[0] === "on" ? 1 : 0);
} else if (cmd === "monitors") {
  const rr = Deno.dlopen("libXrandr.so.2", {
    XRRGetScreenResourcesCurrent: { parameters: ["pointer", "u64"], result: "pointer" },
    XRRSetMonitor: { parameters: ["pointer", "u64", "buffer"], result: "void" },
    XRRQueryVersion: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  }).symbols;
  // Monitors are RandR 1.5: the server must know this client speaks it.
  rr.XRRQueryVersion(dpy, new Int32Array([1]), new Int32Array([5]));
  const res = rr.XRRGetScreenResourcesCurrent(dpy, root);
  if (res === null) throw new Error("no screen resources");
  const view = new Deno.UnsafePointerView(res);
  const noutput = view.getInt32(32);
  const outputs = view.getPointer(40);
  const firstOutput = noutput > 0 && outputs !== null
    ? new Deno.UnsafePointerView(outputs).getBigUint64(0)
    : 0n;
  const outBuf = new BigUint64Array([firstOutput]);
  args.forEach((spec, i) => {
    const m = /^(\w+)=(\d+)x(\d+)\+(\d+)\+(\d+)$/.exec(spec);
    if (m === null) throw new Error(`bad monitor ${spec}`);
    const info = new Uint8Array(56);
    const v = new DataView(info.buffer);
    v.setBigUint64(0, x11.XInternAtom(dpy, cstr(m[1]), 0), true);
    v.setInt32(8, i === 0 ? 1 : 0, true);
    v.setInt32(16, i === 0 && firstOutput !== 0n ? 1 : 0, true);
    v.setInt32(20, Number(m[4]), true);
    v.setInt32(24, Number(m[5]), true);
    v.setInt32(28, Number(m[2]), true);
    v.setInt32(32, Number(m[3]), true);
    v.setInt32(36, Math.round(Number(m[2]) / 4), true);
    v.setInt32(40, Math.round(Number(m[3]) / 4), true);
    const ptr = i === 0 && firstOutput !== 0n
      ? Deno.UnsafePointer.value(Deno.UnsafePointer.of(outBuf))
      : 0n;
    v.setBigUint64(48, BigInt(ptr), true);
    rr.XRRSetMonitor(dpy, root, info);
  });
} else {
  console.error(`xctl: unknown command ${cmd}`);
  Deno.exit(2);
}
x11.XSync(dpy, 0);
x11.XCloseDisplay(dpy);
