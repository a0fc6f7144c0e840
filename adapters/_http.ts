/**
 * What the adapters that read a running program's local API (aw-server, screenpipe) share:
 * how a failed request is described, and reading a JSON answer. Each adapter keeps its own
 * wording for the statuses its server means something by (401, 423, …).
 *
 * @module
 */

/**
 * Why `fetch` failed, in words: no permission, no answer in time, else the error's message
 * together with its causes (fetch wraps the socket error), for the caller's own hints.
 */
export function fetchFailure(err: unknown): { known?: string; message: string } {
  if (err instanceof Deno.errors.NotCapable || err instanceof Deno.errors.PermissionDenied) {
    return { known: "no network permission (run with --allow-net=127.0.0.1)", message: "" };
  }
  if ((err as Error)?.name === "TimeoutError") return { known: "no answer in time", message: "" };
  let message = err instanceof Error ? err.message : String(err);
  for (let c: unknown = (err as Error)?.cause; c instanceof Error; c = c.cause) {
    message += ` ${c.message}`;
  }
  return { message };
}

/** The JSON body of an answer, or an error `Cannot read <what>: <path> answered N` / not JSON. */
export async function jsonBody(res: Response, what: string, path: string): Promise<unknown> {
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`Cannot read ${what}: ${path} answered ${res.status}`);
  }
  try {
    return await res.json();
  } catch {
    throw new Error(`Cannot read ${what}: ${path} did not return JSON`);
  }
}
