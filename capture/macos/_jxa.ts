/**
 * The macOS helper: a JavaScript for Automation loop run by `osascript -l JavaScript`. Every
 * 0.5 s it reads the frontmost app (System Events: name, bundle id, pid), its front
 * window's title and bounds (needs Accessibility permission), the active tab's URL and
 * title of Chrome-family browsers and Safari (needs Automation permission; Chrome's
 * `mode` tells incognito), the screens, the seconds since the last input
 * (CGEventSourceSecondsSinceLastEventType) and the session's lock state
 * (CGSessionCopyCurrentDictionary). It prints a JSON line when something changed, and at
 * least every 5 s. `console.log` writes to standard error in osascript.
 *
 * Unverified on real hardware: no Mac is available to the project's CI.
 *
 * @module
 */

/** The JXA source passed to `osascript -l JavaScript -e`. */
export const MAC_HELPER_JXA = String.raw`
ObjC.import('CoreGraphics');
ObjC.import('AppKit');
const se = Application('System Events');
const CHROMES = /^(Google Chrome|Google Chrome Beta|Chromium|Brave Browser|Microsoft Edge|Vivaldi|Arc|Opera)$/;
function screens() {
  const out = [];
  const all = $.NSScreen.screens;
  const mainH = all.objectAtIndex(0).frame.size.height;
  for (let i = 0; i < all.count; i++) {
    const s = all.objectAtIndex(i);
    const f = s.frame;
    out.push({ name: ObjC.unwrap(s.localizedName), x: f.origin.x,
      y: mainH - f.origin.y - f.size.height, w: f.size.width, h: f.size.height,
      scale: s.backingScaleFactor });
  }
  return out;
}
function locked() {
  const ref = $.CGSessionCopyCurrentDictionary();
  if (!ref) return false;
  const d = ObjC.castRefToObject(ref);
  const v = d.objectForKey('CGSSessionScreenIsLocked');
  return v ? ObjC.unwrap(v) == 1 : false;
}
function sample() {
  const s = { t: Date.now(), locked: false, screens: [] };
  try { s.idle_ms = Math.round($.CGEventSourceSecondsSinceLastEventType(1, 0xFFFFFFFF) * 1000); } catch (e) { s.idle_error = String(e); }
  try { s.locked = locked(); } catch (e) { s.lock_error = String(e); }
  try { s.screens = screens(); } catch (e) { s.screen_error = String(e); }
  try {
    const p = se.processes.whose({ frontmost: true })[0];
    s.app = p.name(); s.bundle = p.bundleIdentifier(); s.pid = p.unixId();
    try {
      const w = p.windows[0];
      s.title = w.name();
      const pos = w.position(), size = w.size();
      s.bounds = [pos[0], pos[1], size[0], size[1]];
    } catch (e) { s.window_error = String(e); }
    if (CHROMES.test(s.app)) {
      try {
        const w = Application(s.app).windows[0];
        const tab = w.activeTab();
        s.url = tab.url(); s.tab_title = tab.title(); s.incognito = w.mode() === 'incognito';
      } catch (e) { s.url_error = String(e); }
    } else if (/^Safari/.test(s.app)) {
      try {
        const d = Application(s.app).documents[0];
        s.url = d.url(); s.tab_title = d.name();
      } catch (e) { s.url_error = String(e); }
    }
  } catch (e) { s.error = String(e); }
  return s;
}
let last = '', lastAt = 0;
while (true) {
  const s = sample();
  const key = JSON.stringify(Object.assign({}, s, { t: 0, idle_ms: 0 }));
  if (key !== last || s.t - lastAt >= 5000) {
    console.log(JSON.stringify(s));
    last = key; lastAt = s.t;
  }
  delay(0.5);
}
`;
