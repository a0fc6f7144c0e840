/**
 * The screenpipe layout the demo writes (FORMATS §1), with the indexes the recorder keeps.
 *
 * @module
 */

/** `CREATE` statements for `frames`, `ui_events` and `elements` plus their indexes. */
export const SCREENPIPE_SCHEMA_SQL = `
CREATE TABLE frames (
  id INTEGER PRIMARY KEY,
  timestamp TIMESTAMP NOT NULL,
  app_name TEXT,
  window_name TEXT,
  focused BOOLEAN,
  browser_url TEXT,
  device_name TEXT NOT NULL DEFAULT '',
  capture_trigger TEXT,
  elements_ref_frame_id INTEGER,
  document_path TEXT,
  full_text TEXT,
  accessibility_tree_json TEXT
);
CREATE INDEX idx_frames_timestamp ON frames(timestamp);
CREATE TABLE ui_events (
  id INTEGER PRIMARY KEY,
  timestamp DATETIME NOT NULL,
  event_type TEXT NOT NULL,
  x INTEGER,
  y INTEGER,
  delta_x INTEGER,
  delta_y INTEGER,
  button INTEGER,
  click_count INTEGER,
  key_code INTEGER,
  modifiers INTEGER,
  text_content TEXT,
  text_length INTEGER,
  app_name TEXT,
  app_pid INTEGER,
  window_title TEXT,
  browser_url TEXT,
  element_role TEXT,
  element_name TEXT,
  element_value TEXT,
  element_description TEXT,
  element_automation_id TEXT,
  element_bounds TEXT,
  frame_id INTEGER
);
CREATE INDEX idx_ui_events_timestamp ON ui_events(timestamp);
CREATE INDEX idx_ui_events_frame_id ON ui_events(frame_id);
CREATE TABLE elements (
  id INTEGER PRIMARY KEY,
  frame_id INTEGER NOT NULL,
  source TEXT NOT NULL,
  role TEXT NOT NULL,
  text TEXT,
  parent_id INTEGER,
  depth INTEGER,
  left_bound REAL,
  top_bound REAL,
  width_bound REAL,
  height_bound REAL,
  confidence REAL,
  sort_order INTEGER
);
CREATE INDEX idx_elements_frame_id ON elements(frame_id);
`;
