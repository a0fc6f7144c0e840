/**
 * File paths without `node:path`, `node:url`, `node:fs` or `node:os`: the first `node:`
 * module a process imports starts Deno's Node compatibility layer (~10 ms here) and
 * `node:fs` adds its streams (~18 ms more), a fixed cost every cold `frames compile` paid
 * before reading a row. These are ports of Node's POSIX functions
 * (`lib/path.js` `posix`, `lib/internal/url.js` `pathToFileURL`), checked against
 * `node:path` and `node:url` by `tests/file_path_test.ts`; on Windows the module defers to
 * Node's own `win32` functions, loaded only there.
 *
 * @module
 */

const SLASH = 47;
const DOT = 46;

type NodeFunctions = {
  join(...parts: string[]): string;
  resolve(...parts: string[]): string;
  dirname(path: string): string;
  basename(path: string): string;
  isAbsolute(path: string): boolean;
  extname(path: string): string;
  delimiter: string;
  fileUrl(path: string): URL;
};

// Windows paths have drive letters, UNC roots and two separators: Node's code handles them.
const windows: NodeFunctions | undefined = Deno.build.os === "windows"
  ? await (async () => {
    const { win32 } = await import("node:path");
    const { pathToFileURL } = await import("node:url");
    return { ...win32, fileUrl: (path: string) => pathToFileURL(path) };
  })()
  : undefined;

// Node's normalizeString (POSIX): resolves `.` and `..` segments and collapses slashes.
function normalizeString(path: string, allowAboveRoot: boolean): string {
  let res = "";
  let lastSegmentLength = 0;
  let lastSlash = -1;
  let dots = 0;
  let code = 0;
  for (let i = 0; i <= path.length; ++i) {
    if (i < path.length) code = path.charCodeAt(i);
    else if (code === SLASH) break;
    else code = SLASH;
    if (code === SLASH) {
      if (lastSlash === i - 1 || dots === 1) {
        // An empty or `.` segment.
      } else if (dots === 2) {
        if (
          res.length < 2 || lastSegmentLength !== 2 || res.charCodeAt(res.length - 1) !== DOT ||
          res.charCodeAt(res.length - 2) !== DOT
        ) {
          if (res.length > 2) {
            const lastSlashIndex = res.lastIndexOf("/");
            if (lastSlashIndex === -1) {
              res = "";
              lastSegmentLength = 0;
            } else {
              res = res.slice(0, lastSlashIndex);
              lastSegmentLength = res.length - 1 - res.lastIndexOf("/");
            }
            lastSlash = i;
            dots = 0;
            continue;
          } else if (res.length !== 0) {
            res = "";
            lastSegmentLength = 0;
            lastSlash = i;
            dots = 0;
            continue;
          }
        }
        if (allowAboveRoot) {
          res += res.length > 0 ? "/.." : "..";
          lastSegmentLength = 2;
        }
      } else {
        if (res.length > 0) res += `/${path.slice(lastSlash + 1, i)}`;
        else res = path.slice(lastSlash + 1, i);
        lastSegmentLength = i - lastSlash - 1;
      }
      lastSlash = i;
      dots = 0;
    } else if (code === DOT && dots !== -1) {
      ++dots;
    } else {
      dots = -1;
    }
  }
  return res;
}

function normalize(path: string): string {
  if (path.length === 0) return ".";
  const absolute = path.charCodeAt(0) === SLASH;
  const trailingSeparator = path.charCodeAt(path.length - 1) === SLASH;
  let out = normalizeString(path, !absolute);
  if (out.length === 0) return absolute ? "/" : trailingSeparator ? "./" : ".";
  if (trailingSeparator) out += "/";
  return absolute ? `/${out}` : out;
}

/** `node:path` `join`: the parts joined by `/` and normalised (`.` for nothing). */
export function join(...parts: string[]): string {
  if (windows) return windows.join(...parts);
  let joined: string | undefined;
  for (const part of parts) {
    if (part.length > 0) joined = joined === undefined ? part : `${joined}/${part}`;
  }
  return joined === undefined ? "." : normalize(joined);
}

/** `node:path` `resolve`: an absolute, normalised path, relative parts taken from the working folder. */
export function resolve(...parts: string[]): string {
  if (windows) return windows.resolve(...parts);
  let resolved = "";
  let absolute = false;
  for (let i = parts.length - 1; i >= -1 && !absolute; i--) {
    const path = i >= 0 ? parts[i] : Deno.cwd();
    if (path.length === 0) continue;
    resolved = `${path}/${resolved}`;
    absolute = path.charCodeAt(0) === SLASH;
  }
  resolved = normalizeString(resolved, !absolute);
  if (absolute) return `/${resolved}`;
  return resolved.length > 0 ? resolved : ".";
}

/** `node:path` `isAbsolute`. */
export function isAbsolute(path: string): boolean {
  if (windows) return windows.isAbsolute(path);
  return path.length > 0 && path.charCodeAt(0) === SLASH;
}

/** `node:path` `dirname`. */
export function dirname(path: string): string {
  if (windows) return windows.dirname(path);
  if (path.length === 0) return ".";
  const hasRoot = path.charCodeAt(0) === SLASH;
  let end = -1;
  let matchedSlash = true;
  for (let i = path.length - 1; i >= 1; --i) {
    if (path.charCodeAt(i) === SLASH) {
      if (!matchedSlash) {
        end = i;
        break;
      }
    } else {
      matchedSlash = false;
    }
  }
  if (end === -1) return hasRoot ? "/" : ".";
  if (hasRoot && end === 1) return "//";
  return path.slice(0, end);
}

/** `node:path` `basename` (without the extension argument). */
export function basename(path: string): string {
  if (windows) return windows.basename(path);
  let start = 0;
  let end = -1;
  let matchedSlash = true;
  for (let i = path.length - 1; i >= 0; --i) {
    if (path.charCodeAt(i) === SLASH) {
      if (!matchedSlash) {
        start = i + 1;
        break;
      }
    } else if (end === -1) {
      matchedSlash = false;
      end = i + 1;
    }
  }
  return end === -1 ? "" : path.slice(start, end);
}

/** `node:path` `extname`: the last `.` suffix of the last segment (`""` for none, dotfiles included). */
export function extname(path: string): string {
  if (windows) return windows.extname(path);
  let startDot = -1;
  let startPart = 0;
  let end = -1;
  let matchedSlash = true;
  // 0: no dot yet; 1: one dot seen, nothing before it; -1: a character before the dot
  let preDotState = 0;
  for (let i = path.length - 1; i >= 0; --i) {
    const code = path.charCodeAt(i);
    if (code === SLASH) {
      if (!matchedSlash) {
        startPart = i + 1;
        break;
      }
      continue;
    }
    if (end === -1) {
      matchedSlash = false;
      end = i + 1;
    }
    if (code === DOT) {
      if (startDot === -1) startDot = i;
      else if (preDotState !== 1) preDotState = 1;
    } else if (startDot !== -1) {
      preDotState = -1;
    }
  }
  if (
    startDot === -1 || end === -1 || preDotState === 0 ||
    (preDotState === 1 && startDot === end - 1 && startDot === startPart + 1)
  ) {
    return "";
  }
  return path.slice(startDot, end);
}

/** `node:path` `delimiter`: the separator of a `PATH`-like list (`:`; `;` on Windows). */
export const delimiter: string = windows ? windows.delimiter : ":";

/** `node:url` `pathToFileURL`: the `file:` URL of a path, resolved against the working folder. */
export function fileUrl(path: string): URL {
  if (windows) return windows.fileUrl(path);
  const url = new URL("file://");
  let resolved = resolve(path);
  // resolve() strips a trailing slash; the URL keeps it, as Node's does.
  if (path.charCodeAt(path.length - 1) === SLASH && !resolved.endsWith("/")) resolved += "/";
  // The characters the URL's path setter would not escape but a file name may hold.
  url.pathname = resolved.replaceAll("%", "%25").replaceAll("\\", "%5C")
    .replaceAll("\n", "%0A").replaceAll("\r", "%0D").replaceAll("\t", "%09");
  return url;
}

/** `node:fs` `existsSync`: whether `path` names something (following links); never throws. */
export function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}
