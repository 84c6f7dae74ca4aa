/** Every distinct http(s) link in a message, in order of appearance, so the log shows what to click. */
export function findLinks(...bodies: readonly string[]): string[] {
  const links = new Set<string>();
  for (const body of bodies) {
    for (const match of body.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      links.add(decodeHtmlEntities(match[0]).replace(/[.,;:!?)\]]+$/, ''));
    }
  }
  return [...links];
}

// Links in HTML attributes carry their query separators as `&amp;`.
function decodeHtmlEntities(url: string): string {
  return url.replaceAll('&amp;', '&');
}
