/**
 * The stdio transport: one connection on standard input and output, era chosen by the
 * client's opening message. Standard output carries protocol messages only.
 *
 * @module
 */

import { sdkFactory, type ServerFactory } from "./server.ts";
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
  const handle = serveStdio(sdkFactory(factory), { transport, onerror: opts.onerror });
  return { closed: transport.closed, close: () => handle.close() };
}
