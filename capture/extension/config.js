// Written by `frames capture extension --out DIR` with this install's port and token.
self.FRAMES_CONFIG = { endpoint: "http://127.0.0.1:47631", token: "" };
