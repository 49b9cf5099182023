// The few cookies the browser writes for the server to read (the language, the time zone, a lander's place): one way
// to read and write them, site-wide and same-site.

/** The cookie's value, or null when it is missing or not validly encoded (the caller checks what it holds). */
export function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  if (!match) return null;
  try {
    return decodeURIComponent(match.slice(name.length + 1));
  } catch {
    return null;
  }
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax`;
}
