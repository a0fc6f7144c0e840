// frames capture: report the active tab (URL, title, incognito flag) to the local engine.
// Nothing else is read: no page content, no history, no typed text.
importScripts("config.js");

const { endpoint, token } = self.FRAMES_CONFIG;
let last = "";

// A POST is not retried by the browser when the engine closes an idle keep-alive
// connection just as the report goes out, so a failed send is tried again a few times.
const ATTEMPTS = 3;

async function send(body) {
  const text = JSON.stringify(body);
  if (text === last) return;
  last = text;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const res = await fetch(`${endpoint}/v1/tab`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: text,
      });
      if (!res.ok) last = ""; // refused (an old token?): send again on the next change
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
  // The engine is not running: try again on the next change.
  last = "";
}

async function reportActive() {
  const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (!tab) return;
  await send({
    url: tab.url || tab.pendingUrl || "",
    title: tab.title || "",
    incognito: tab.incognito === true,
  });
}

chrome.tabs.onActivated.addListener(() => reportActive());
chrome.tabs.onUpdated.addListener((_id, change, tab) => {
  if (tab.active && (change.url || change.title || change.status === "complete")) reportActive();
});
chrome.windows.onFocusChanged.addListener((id) => {
  if (id !== chrome.windows.WINDOW_ID_NONE) reportActive();
});
self.FRAMES_READY = true;
reportActive();
