/**
 * What a write into the native store carries and returns: a batch of capture-model rows
 * with their dedupe keys, the result of appending it, and the redactor a caller may hand
 * the writer.
 *
 * @module
 */

import type { DisplayGeometry, Element, InputEvent, Marker, Snapshot } from "../model.ts";

/** Rows to append: capture-model rows with their dedupe keys (same order). */
export interface StoreBatch {
  /** Snapshots in time order; `ref` is the source's own row id. */
  snapshots: Snapshot[];
  /** Dedupe key per snapshot; `undefined` entries (native engine rows) are never deduped. */
  snapshotKeys?: readonly (string | undefined)[];
  /** Input events in time order; `snapshotRef` names a snapshot by its `ref`. */
  events: InputEvent[];
  /** Dedupe key per event, as {@linkcode StoreBatch.snapshotKeys} is per snapshot. */
  eventKeys?: readonly (string | undefined)[];
  /** Element rows; `snapshotRef` names a snapshot of this batch by its `ref`. */
  elements?: Element[];
  /** Display geometry; a display of the same name is replaced. */
  displays?: DisplayGeometry[];
  /** The recorder's start/stop and away/back statements; `ref` is the source's own id. */
  markers?: Marker[];
  /** Dedupe key per marker, as {@linkcode StoreBatch.snapshotKeys} is per snapshot. */
  markerKeys?: readonly (string | undefined)[];
  /** The machine every row of the batch was captured on (schema v4; absent: unnamed). */
  machine?: string;
}

/** What one append did. */
export interface AppendResult {
  /** Rows written. */
  added: number;
  /** Rows whose key was already in the store. */
  skipped: number;
}

/**
 * Rewrites third-party text before it is stored (`redact_store` in config.json): the
 * writer sits below the redaction rules, so the caller passes them in.
 */
export interface StoreRedactor {
  /** Redacts a URL. */
  url(url: string): string;
  /** Redacts a window title or an element name. */
  title(title: string): string;
}
