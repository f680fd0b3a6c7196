import { expect, test } from "bun:test";
import { isWellEncodedPath, pathOf, pathStart } from "../../src/api/url.ts";

test("pathOf reads the path of absolute request URLs and of bare paths, which start where pathStart says", () => {
  const urls = [
    "http://127.0.0.1:3000/api/v1/whitelists/abc/entries?format=plain",
    "https://wl.example.org/health",
    "http://localhost/",
    "http://localhost",
    "http://[::1]:80/swagger/json?x=1&y=2",
    "/health?probe=1",
  ];
  expect(urls.map((url) => [pathOf(url), url.slice(pathStart(url))])).toEqual([
    ["/api/v1/whitelists/abc/entries", "/api/v1/whitelists/abc/entries?format=plain"],
    ["/health", "/health"],
    ["/", "/"],
    ["/", ""],
    ["/swagger/json", "/swagger/json?x=1&y=2"],
    ["/health", "/health?probe=1"],
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
