/**
 * The open connections of one listener, idle or busy, so a new one over the cap can take
 * the place of the connection that has waited longest without a request.
 *
 * @module
 */

import type { Socket } from "node:net";

/** Tracks a listener's sockets and sheds the longest-idle one when full. */
export class ConnectionPool {
  // Insertion order is idle age: the first idle socket has waited longest.
  #idle = new Set<Socket>();
  #busy = new Set<Socket>();
  #max: number;

  /** A pool of at most `max` sockets. */
  constructor(max: number) {
    this.#max = max;
  }

  /** Open sockets. */
  get size(): number {
    return this.#idle.size + this.#busy.size;
  }

  /**
   * Admits a new socket as idle. When full, the longest-idle socket is closed for it (a
   * silent peer loses its place to one that may speak); when every socket is busy, the new
   * one is closed instead.
   */
  admit(socket: Socket): void {
    if (this.size >= this.#max) {
      const oldest = this.#idle.values().next().value;
      if (oldest === undefined) {
        socket.destroy();
        return;
      }
      this.#forget(oldest);
      oldest.destroy();
    }
    this.#idle.add(socket);
    socket.once("close", () => this.#forget(socket));
  }

  /** Marks a socket busy: a request is being answered on it. */
  busy(socket: Socket): void {
    if (this.#idle.delete(socket)) this.#busy.add(socket);
  }

  /** Marks a socket idle again (youngest idle), once its answer is sent. */
  idle(socket: Socket): void {
    if (this.#busy.delete(socket) && !socket.destroyed) this.#idle.add(socket);
  }

  #forget(socket: Socket): void {
    this.#idle.delete(socket);
    this.#busy.delete(socket);
  }
}
