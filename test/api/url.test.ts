import { expect, test } from "bun:test";
import { pathOf, queryOf } from "../../src/api/url.ts";

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
