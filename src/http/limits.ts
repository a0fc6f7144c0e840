/**
 * How long a listener waits for a peer and how many peers it keeps: the bounds that keep
 * idle or slow connections from using up a desktop's 1,024 file descriptors.
 *
 * @module
 */

/** Connection limits of a listener (every listener here serves one local user). */
export interface ListenerLimits {
  /** Open connections kept; past it the longest-idle one is closed to admit a new one. */
  maxConnections: number;
  /** Time from connecting (or the last answer) to a request's complete headers, in ms. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body, in ms. */
  requestTimeoutMs: number;
  /** Time an idle keep-alive connection is kept after an answer, in ms. */
  keepAliveTimeoutMs: number;
}

/**
 * The defaults: 128 connections stay far under the 256 files macOS allows a process by
 * default, let alone Linux's 1,024; a real client sends its headers in milliseconds.
 */
export const LISTENER_LIMITS: Readonly<ListenerLimits> = {
  maxConnections: 128,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};
