import { expect, test } from "bun:test";
import { isWellEncodedPath, pathOf, queryOf } from "../../src/api/url.ts";

test("pathOf and queryOf read the path and raw query of absolute request URLs", () => {
  const urls = [
    "http://127.0.0.1:3000/api/v1/whitelists/abc/entries?format=plain",
    "https://wl.example.org/health",
    "http://localhost/",
    "http://localhost",
    "http://[::1]:80/swagger/json?x=1&y=2",
  ];
  expect(urls.map((url) => [pathOf(url), queryOf(url)])).toEqual([
    ["/api/v1/whitelists/abc/entries", "format=plain"],
    ["/health", ""],
    ["/", ""],
    ["/", ""],
    ["/swagger/json", "x=1&y=2"],
  ]);
});

test("isWellEncodedPath refuses broken or non-UTF-8 escapes and accepts every well-formed one", () => {
  const verdicts = [
    "/api/v1/whitelists/abc/entries",
    "/api/v1/whitelists/abc/entries/.Steve%20Gamer",
    "/api/v1/whitelists/abc/entries/a%2Fb%25c",
    "/api/v1/whitelists/abc/entries/J%C3%BCrgen",
    "/api/v1/whitelists/abc/entries/%E0%A4%A",
    "/api/v1/whitelists/abc/entries/%ZZ",
    "/api/v1/whitelists/abc/entries/%FF",
    "/api/v1/whitelists/abc/entries/%",
  ].map(isWellEncodedPath);
  expect(verdicts).toEqual([true, true, true, true, false, false, false, false]);
});
