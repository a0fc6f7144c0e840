/**
 * Secrets in URLs (SPEC §9): redaction for printing, and names that count as sensitive.
 */

import assert from "node:assert/strict";
import { isSensitiveName, redactUrl } from "../src/entities/mod.ts";

Deno.test("redactUrl() replaces the value of every sensitive query parameter", () => {
  const names = [
    "token",
    "code",
    "key",
    "secret",
    "signature",
    "sig",
    "session",
    "password",
    "auth",
    "access_token",
    "api_key",
    "apiKey",
    "refresh_token",
    "id_token",
    "client_secret",
    "X-Amz-Signature",
    "X-Amz-Credential",
    "X-Amz-Security-Token",
    "sessionid",
    "PHPSESSID",
    "pwd",
    "passwd",
    "otp",
    "jwt",
    "rlkey",
    "authenticity_token",
    "SAMLResponse",
    "oauth_verifier",
    "code_verifier",
  ];
  for (const name of names) {
    assert.equal(
      redactUrl(`https://x.test/cb?a=1&${name}=s3cr3t&b=2`),
      `https://x.test/cb?a=1&${name}=REDACTED&b=2`,
      name,
    );
  }
});

Deno.test("redactUrl() matches names case-insensitively", () => {
  assert.equal(
    redactUrl("https://x.test/?TOKEN=a&Api_Key=b"),
    "https://x.test/?TOKEN=REDACTED&Api_Key=REDACTED",
  );
});

Deno.test("redactUrl() redacts values in the fragment, including single-page-app routes", () => {
  assert.equal(
    redactUrl("https://x.test/cb#access_token=abc&expires_in=3600&state=9"),
    "https://x.test/cb#access_token=REDACTED&expires_in=3600&state=9",
  );
  assert.equal(
    redactUrl("https://x.test/#/callback?code=abc&next=%2Fhome"),
    "https://x.test/#/callback?code=REDACTED&next=%2Fhome",
  );
});

Deno.test("redactUrl() redacts user info and path parameters", () => {
  assert.equal(
    redactUrl("https://user:pa55@git.test/repo.git"),
    "https://REDACTED@git.test/repo.git",
  );
  assert.equal(redactUrl("https://ghp_abc@github.com/a/b"), "https://REDACTED@github.com/a/b");
  assert.equal(
    redactUrl("https://ghp_abc:x-oauth-basic@github.com/a"),
    "https://REDACTED@github.com/a",
  );
  assert.equal(redactUrl("blob:https://u:p@x.test/1"), "blob:https://REDACTED@x.test/1");
  assert.equal(
    redactUrl("https://x.test/app;jsessionid=ABC123?x=1"),
    "https://x.test/app;jsessionid=REDACTED?x=1",
  );
});

Deno.test("redactUrl() leaves ordinary parameters and secret-free URLs unchanged", () => {
  for (
    const url of [
      "https://www.google.com/search?q=deno+token&authuser=0&hl=en",
      "https://github.com/acme/api/pull/412",
      "https://x.test/?page=2&state=open&keyword=x&country_code=de",
      "https://x.test/path@with-at",
      "about:blank",
      "",
    ]
  ) {
    assert.equal(redactUrl(url), url);
  }
});

Deno.test("redactUrl() redacts unparseable text and never throws", () => {
  assert.equal(redactUrl("not a url ?token=abc"), "not a url ?token=REDACTED");
  assert.equal(redactUrl("https://[bad/?secret=%zz"), "https://[bad/?secret=REDACTED");
  assert.equal(redactUrl("?%zz=1&password=p"), "?%zz=1&password=REDACTED");
  assert.equal(redactUrl(undefined as unknown as string), "");
  assert.equal(redactUrl(42 as unknown as string), "");
});

Deno.test("isSensitiveName() separates secrets from look-alike names", () => {
  for (const name of ["token", "Code", "private_key", "sskey", "session_state", "auth", "sig"]) {
    assert.ok(isSensitiveName(name), name);
  }
  for (
    const name of ["q", "state", "authuser", "page", "keyword", "country_code", "signup", "id", ""]
  ) {
    assert.ok(!isSensitiveName(name), name);
  }
});

Deno.test("looksLikeSecret() tells tokens from ordinary ids by shape", async () => {
  const { looksLikeSecret } = await import("../src/entities/mod.ts");
  for (
    const token of [
      "f3a9c2e1b7d64a5f8e0c1d2b3a4f5e6d",
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2lnbmF0dXJl",
      "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
      "AKIACFSSLDXZLRDSQOIW",
      "aB3dE-fG7hI9jK1lM_nO2pQ3rS4",
      "M0K1/TvzaHjM+clazgyKAK==",
    ]
  ) assert.ok(looksLikeSecret(token), token);
  for (
    const id of [
      "1789012345678901234",
      "550e8400-e29b-41d4-a716-446655440000",
      "2026-07-04T08:00:00",
      "why-is-rust-hard-to-learn",
      "addEventListener",
      "report-2024-final-v2.pdf",
      "Attention-is-All-you-Need-Vaswani-Shazeer",
      "dQw4w9WgXcQ",
    ]
  ) assert.ok(!looksLikeSecret(id), id);
  assert.ok(!looksLikeSecret("9f2c1e0b7d5a4c3b2a1f0e9d8c7b6a5f4e3d2c1b", { previous: "commit" }));
  assert.ok(looksLikeSecret("9f2c1e0b7d5a4c3b2a1f0e9d8c7b6a5f4e3d2c1b", { previous: "files" }));
  assert.ok(looksLikeSecret("Kq7Zp2", { previous: "invite" }));
  assert.ok(!looksLikeSecret("password", { previous: "reset" }));
});

Deno.test("redactUrl() keeps the words before a token and redacts Azure SAS grants", () => {
  assert.equal(
    redactUrl("https://www.notion.so/acme/Roadmap-0123456789abcdef0123456789abcdef"),
    "https://www.notion.so/acme/Roadmap-REDACTED",
  );
  assert.equal(
    redactUrl("https://a.blob.core.windows.net/c/f?sv=2022-11-02&sp=r&se=2026-12-31&sig=x"),
    "https://a.blob.core.windows.net/c/f?sv=2022-11-02&sp=REDACTED&se=REDACTED&sig=REDACTED",
  );
  assert.equal(redactUrl("data:text/html,<b>x</b>"), "data:REDACTED");
});

Deno.test("redactTitle() redacts embedded URLs, pairs and lone tokens, keeping words", async () => {
  const { redactTitle } = await import("../src/entities/mod.ts");
  assert.equal(
    redactTitle("Reset – https://x.test/r?token=abc&lang=en - Mail"),
    "Reset – https://x.test/r?token=REDACTED&lang=en - Mail",
  );
  assert.equal(redactTitle("password=hunter2 in .env"), "password=REDACTED in .env");
  assert.equal(
    redactTitle("main.ts — frames — Visual Studio Code"),
    "main.ts — frames — Visual Studio Code",
  );
  assert.equal(
    redactTitle("src/components/UserProfileSettings.tsx"),
    "src/components/UserProfileSettings.tsx",
  );
});
