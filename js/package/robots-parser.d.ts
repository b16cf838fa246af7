// Types of `robotspec/robots-parser`: robots-parser's (3.0.1, with the upstream
// isExplicitlyDisallowed), answered by robotspec under the `google` profile. `URL` objects are
// accepted wherever robots-parser takes a URL string, and bytes wherever it takes the body.

/** A parsed robots.txt, as robots-parser's `robotsParser` returns it. */
export interface Robot {
  /**
   * Whether `ua` (a product token, `Name/version`, or a whole User-Agent header; omitted: the
   * `*` groups) may fetch `url`; `undefined` when `url` is not of the robots.txt's origin.
   */
  isAllowed(url: string | URL, ua?: string): boolean | undefined;
  /** `!isAllowed(url, ua)`: `true` for a URL of another origin, as in robots-parser. */
  isDisallowed(url: string | URL, ua?: string): boolean | undefined;
  /**
   * Whether a group that names `ua` itself, not the `*` groups, disallows `url`; `undefined`
   * when `url` is not of the robots.txt's origin.
   */
  isExplicitlyDisallowed(url: string | URL, ua: string): boolean | undefined;
  /** The line (from 1) of the rule that decides, or -1 when no rule does. */
  getMatchingLineNumber(url: string | URL, ua?: string): number;
  /** The first Crawl-delay, in seconds, of the groups that apply to `ua`. */
  getCrawlDelay(ua?: string): number | undefined;
  /** The Sitemap values, as written, in file order. */
  getSitemaps(): string[];
  /** The value of the last Host record, lower-cased, or null when there is none. */
  getPreferredHost(): string | null;
}

/**
 * The robots.txt fetched from `url`, with body `robotstxt` (null or undefined: an empty file).
 * Relative URLs are answered only when `url` is relative too.
 */
export default function robotsParser(
  url: string | URL,
  robotstxt: string | Uint8Array | null | undefined,
): Robot;
