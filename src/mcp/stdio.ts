/**
 * The stdio transport: one connection on standard input and output, era chosen by the
 * client's opening message. Standard output carries protocol messages only. When the
 * source gains a day, the connection's server sends `notifications/resources/list_changed`
 * (on a 2026-07-28 connection the SDK routes it to the client's open `subscriptions/listen`).
 *
 * @module
 */

import type { McpServer } from "@modelcontextprotocol/server";
import { factoryParts, type ServerFactory } from "./server.ts";
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";

/** A running stdio connection. */
export interface StdioServing {
  /** Resolves when the connection has closed (the client closed standard input). */
  closed: Promise<void>;
  /** Closes the connection. */
  close(): Promise<void>;
}

/** A stdio transport that reports when it has closed. */
class ObservedStdioTransport extends StdioServerTransport {
  readonly #closed = Promise.withResolvers<void>();
  /** Resolves when the transport has closed. */
  readonly closed: Promise<void> = this.#closed.promise;

  override async close(): Promise<void> {
    await super.close();
    this.#closed.resolve();
  }
}

/** Serves the factory over this process's standard input and output. */
export function serveStdioServer(
  factory: ServerFactory,
  opts: { onerror?: (error: Error) => void } = {},
): StdioServing {
  const transport = new ObservedStdioTransport();
  const parts = factoryParts(factory);
  const live = new Set<McpServer>();
  const handle = serveStdio(parts.build(live), { transport, onerror: opts.onerror });
  const stop = parts.watch(() => {
    for (const server of live) if (server.isConnected()) server.sendResourceListChanged();
  });
  const closed = transport.closed.then(stop);
  return {
    closed,
    async close() {
      await handle.close();
      await closed;
    },
  };
}
