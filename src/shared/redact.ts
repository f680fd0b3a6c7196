/** A URL without its password, for messages and logs (a DATABASE_URL carries one). */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.href;
  } catch {
    return "(not a URL)";
  }
}
