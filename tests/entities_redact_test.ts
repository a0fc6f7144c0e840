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
