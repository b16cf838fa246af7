// `robotspec/robots-parser`: a drop-in for robots-parser 3.0.1 that answers as Google does.
//
// `robotsParser(url, contents)` takes what robots-parser takes — the robots.txt URL and its body
// as a string — and returns an object with robots-parser's methods and return conventions:
// `undefined` for a URL of another origin (scheme, host and port; default ports and IDNA host
// names as the WHATWG URL parser reads them; relative URLs belong only to a relative robots.txt
// URL), -1 from getMatchingLineNumber when no rule decides, null from getPreferredHost when
// there is no Host record. The answers are robotspec's `Robots` under the `google` profile:
// Google's grouping, agent matching, pattern escaping and precedence, so a program moves from
// robots-parser to Google's reading by changing one import. Nothing of robots.txt is read here;
// this file only turns robots-parser's calling conventions into questions to `Robots`.
//
// What the arguments mean, where the two libraries' conventions meet:
// - `ua` is read as the library reads every agent (AgentQuery::read): a product token
//   (`Googlebot`), a token with a version (`Sams-Bot/1.0` → `Sams-Bot`, as robots-parser strips
//   versions) or a whole User-Agent header; omitted, or naming no crawler, it gets the `*`
//   groups, as robots-parser's default `*` does.
// - A URL is asked about as a crawler requests it: the path and query of the URL the WHATWG
//   parser serialises (non-ASCII percent-encoded, `\` read as `/`, dot segments resolved), as
//   Google's library wants it ("'url' must be %-encoded according to RFC3986", robots.h), and
//   never re-cased: Google compares escapes byte for byte, so a URL's `%e2` does not match a
//   rule's `%E2`.

import { AgentError, Robots } from "robotspec";

/** The reading every answer is given in. */
const PROFILE = "google";

/** What robots-parser answers for an agent that names no crawler: the `*` groups. */
const ANY_AGENT = "*";

/**
 * Base for relative URLs: a relative URL resolves against it so its path is read as an http
 * URL's (its host, under the reserved `.invalid`, is never compared).
 */
const RELATIVE_BASE = "http://robots.invalid/";

/** The origin of every relative URL, which matches only another relative URL. */
const RELATIVE = "relative";

/**
 * The origin of the robots.txt URL: scheme, host and port (empty when it is the scheme's
 * default) of an absolute URL, RELATIVE for a relative one, `undefined` for one the WHATWG
 * parser refuses either way (no URL is of its origin).
 */
function originOfFile(url) {
  const parsed = parse(String(url));
  if (parsed !== undefined) return originOf(parsed);
  return parse(String(url), RELATIVE_BASE) === undefined ? undefined : RELATIVE;
}

/** `new URL(text, base)`, or `undefined` when the WHATWG parser refuses it. */
function parse(text, base) {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}

/** An absolute URL's origin: scheme, host and port (empty when it is the scheme's default). */
function originOf(parsed) {
  return `${parsed.protocol}//${parsed.hostname}:${parsed.port}`;
}

/** A body as `Robots` takes it: robots-parser's `contents || ""`, bytes passed as they are. */
function body(contents) {
  if (contents instanceof Uint8Array) return contents;
  return contents ? String(contents) : "";
}

/** robots-parser's object, answering through `Robots`. */
class Robot {
  #robots;
  #origin;

  constructor(url, contents) {
    this.#origin = originOfFile(url);
    this.#robots = new Robots(body(contents), { profile: PROFILE });
  }

  /** True when `ua` may fetch `url`; `undefined` when `url` is not of this file's origin. */
  isAllowed(url, ua) {
    const target = this.#target(url);
    if (target === undefined) return undefined;
    return this.#ask(ua, (agent) => this.#robots.isAllowed(agent, target));
  }

  /** `!isAllowed(url, ua)`, as robots-parser defines it (so `true` for another origin). */
  isDisallowed(url, ua) {
    return !this.isAllowed(url, ua);
  }

  /**
   * True when a group naming `ua` itself (not the `*` groups) disallows `url`; `undefined` for
   * another origin (robots-parser's upstream, after 3.0.1).
   */
  isExplicitlyDisallowed(url, ua) {
    const verdict = this.#verdict(url, ua);
    if (verdict === undefined) return undefined;
    return !verdict.allowed && verdict.agent !== null && verdict.agent !== ANY_AGENT;
  }

  /** The line (from 1) of the rule that decides, or -1 when none does or `url` is elsewhere. */
  getMatchingLineNumber(url, ua) {
    return this.#verdict(url, ua)?.line ?? -1;
  }

  /** The first Crawl-delay, in seconds, of the groups that apply to `ua`; else `undefined`. */
  getCrawlDelay(ua) {
    return this.#ask(ua, (agent) => this.#robots.crawlDelay(agent));
  }

  /** The Sitemap values, as written, in file order. */
  getSitemaps() {
    return this.#robots.sitemaps.slice();
  }

  /** The value of the last non-empty Host record, lower-cased, or null. */
  getPreferredHost() {
    const hosts = this.#robots.records.filter((record) => isHost(record) && record.value !== "");
    return hosts.length === 0 ? null : hosts[hosts.length - 1].value.toLowerCase();
  }

  /** The core's verdict for `url`, or `undefined` when `url` is not of this file's origin. */
  #verdict(url, ua) {
    const target = this.#target(url);
    if (target === undefined) return undefined;
    return this.#ask(ua, (agent) => this.#robots.check(agent, target));
  }

  /**
   * `url` as the WHATWG parser serialises it — the core takes its path and query as Google
   * does (an empty query's `?` kept, the fragment dropped) — or `undefined` when `url` is not of
   * this file's origin.
   */
  #target(url) {
    const parsed = parse(String(url));
    if (parsed !== undefined) return originOf(parsed) === this.#origin ? parsed.href : undefined;
    return this.#origin === RELATIVE ? parse(String(url), RELATIVE_BASE)?.href : undefined;
  }

  /** `question(agent)` for the crawler `ua` names, or for the `*` groups when it names none. */
  #ask(ua, question) {
    if (!ua) return question(ANY_AGENT);
    try {
      return question(String(ua));
    } catch (error) {
      if (!(error instanceof AgentError)) throw error;
      return question(ANY_AGENT);
    }
  }
}

/** Whether a record of the file is a Host record. */
function isHost(record) {
  return record.extension === "host";
}

/**
 * robots-parser's entry point: the robots.txt at `url`, with `contents` as its body (a string;
 * null or undefined read as an empty file).
 */
export default function robotsParser(url, contents) {
  return new Robot(url, contents);
}
