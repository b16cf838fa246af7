// Types of the package `robotspec` (index.js). Written by hand; js/tests/types.test.js holds
// them to the names the package exports.

/** A robots.txt body: bytes as fetched (any bytes), or a string (encoded as UTF-8; a lone
 * surrogate becomes U+FFFD, as TextEncoder writes it). */
export type Body = Uint8Array | string;
/** The name of a variant. */
export type VariantName = "convention-1994" | "draft-1996" | "rep-draft-2019" | "rfc9309" | "google";
/** A variant's name (any ASCII case; "1994" and "1996-draft" too) or a composed reading,
 * a variant with single decisions changed: "rfc9309+agent-matching=substring" (SETTINGS). */
export type Reading = VariantName | (string & {});
/** A URL (`https://example.com/a?b`) or a path (`/a?b`). */
export type UrlLike = string | URL;

/** The variant names, oldest first. */
export const VARIANTS: readonly VariantName[];
/** The variant read when none is named. */
export const DEFAULT_VARIANT: "google";
/** The settings a composed reading changes, each with its choices ("N": a number). */
export const SETTINGS: Readonly<Record<string, readonly string[]>>;
/** The names of the limits: the keys of `ReadOptions.limits`. */
export const LIMITS: readonly string[];
/** The package's version. */
export const VERSION: string;

/** The base of every error the package throws. */
export class RobotspecError extends Error {}
/** A strict reading rejected the file, or a limit cut it; every problem, in input order. */
export class StrictError extends RobotspecError {
  readonly diagnostics: Diagnostic[];
}
/** The agent names no crawler (empty, blank, only commas, a control character, a lone
 * surrogate). */
export class AgentError extends RobotspecError {}
/** An unknown variant, setting, mode, collect, limit, option or finding code; a limit's value
 * out of range. */
export class ReadingError extends RobotspecError {}

/** How a body is read. */
export interface ReadOptions {
  /** The reading (default "google"). */
  profile?: Reading;
  /** "lenient" (default: never fails, problems are warnings) or "strict" (throws StrictError
   * when the file breaks the variant's grammar). */
  mode?: "lenient" | "strict";
  /** Which diagnostics a lenient reading collects: every finding of the grammar checks
   * ("all"), or only what a limit cut ("limits"; the default of `Robots`; `parse` collects
   * all). */
  collect?: "all" | "limits";
  /** Leave bytes that are not UTF-8 out of every value. */
  dropInvalidUtf8?: boolean;
  /** Limits by name (LIMITS; docs/robustness.md), whole numbers from 0. */
  limits?: Partial<Record<LimitName, number>>;
}
/** The names of the limits (LIMITS holds them at run time). */
export type LimitName =
  | "inputBytes"
  | "lineBytes"
  | "groups"
  | "rulesPerGroup"
  | "patternBytes"
  | "diagnostics"
  | "denseDfaBytes"
  | "lazyCacheBytes"
  | "nfaBytes"
  | "prefixTableMinRules"
  | "analysisStates";

/** One finding of a reading, positioned in the input (docs/diagnostics.md). */
export interface Diagnostic {
  /** The stable code, e.g. "missing-colon". */
  code: string;
  severity: "error" | "warning";
  /** The bytes concerned, [start, end) into the input. */
  span: [number, number];
  /** 1-based line. */
  line: number;
  /** 1-based column in characters (an invalid byte counts as one). */
  col: number;
  message: string;
}

/** May the URL be fetched, and why. */
export interface Verdict {
  allowed: boolean;
  decision: "rule" | "no-matching-rule" | "no-group" | "robots-txt";
  /** The deciding rule's line, or null when no rule decided. */
  line: number | null;
  /** The deciding rule as written (trimmed), or null. */
  rule: string | null;
  /** The agent token the applied groups name (lower-cased), "*" for the `*` groups, null when
   * no group applies. */
  agent: string | null;
  /** The first lines of the groups whose rules were used. */
  groups: number[];
  /** What `robotspec check` prints after the URL. */
  text: string;
}

/** A rule as the model keeps it. */
export interface Rule {
  line: number;
  kind: "allow" | "disallow";
  text: string;
  pattern: string;
  origin: string;
}

/** A record that is not a rule (Crawl-delay, Host, Content-Usage, …). */
export interface RobotsRecord {
  line: number;
  key: string;
  value: string;
  /** The extension's name, or null for a key no extension reads. */
  extension: string | null;
  /** The value as the extension reads it (seconds for Crawl-delay, an object for
   * Content-Usage, Content-Signal and Request-rate, text otherwise), or null. */
  typed: unknown;
  /** Why the value could not be read, or null. */
  error: string | null;
}
export type { RobotsRecord as Record };

/** A group: its first line, agents, rules and records. */
export interface Group {
  line: number;
  agents: { line: number; agent: string }[];
  rules: Rule[];
  records: RobotsRecord[];
}

/** A verdict with everything that went into it (`robotspec explain --format json`). */
export interface Explanation {
  url: string;
  /** The reading's name. */
  variant: string;
  verdict: Verdict;
  /** What the rules were matched against: the URL's path, params and query. */
  target: string;
  /** Every matching rule of the applied groups, in priority order (the first decides). */
  matching: Rule[];
  why: string;
  engine: "none" | "prefix-table" | "dense-dfa" | "lazy-dfa" | "glob";
  records: RobotsRecord[];
  /** What `robotspec explain` prints. */
  text: string;
}

/** The usage preferences that apply to a URL for a crawler (docs/extensions.md). */
export interface Usage {
  url: string;
  verdict: Verdict;
  contentUsage: Record<string, "y" | "n"> | null;
  contentUsageLine: number | null;
  contentUsageLines: number[];
  contentSignal: Record<string, string> | null;
  contentSignalLines: number[];
  contentSignalFile: Record<string, string> | null;
  contentSignalFileLines: number[];
  /** Present when the file names a policy token (`__usage_ai-training`). */
  policyTokens?: { token: string; category: string; preference: string; verdict: unknown }[];
  text: string;
}

/** How a reading decides a path. */
export interface Ruling {
  allowed: boolean;
  decision: "rule" | "no-matching-rule" | "no-group";
  line: number | null;
  rule: string | null;
}

/** A rule that decides no URL, and why. */
export interface DeadRule {
  line: number;
  rule: string;
  cause: "empty" | "never-decides" | "never-matches" | "duplicate" | "shadowed";
  why: string;
  [more: string]: unknown;
}

/** The limit that stopped an exact answer. */
export interface Undecided {
  limit: string;
  message: string;
}

/** The exact analysis of one crawler's rules over every URL (`Analysis` of the library). */
export interface Analysis {
  blocked: "all" | "some" | "none" | "undecided";
  allowedExample: string | null;
  allowedBy: Ruling | null;
  disallowedExample: string | null;
  disallowedBy: Ruling | null;
  deadRules: DeadRule[] | null;
  undecided: Undecided | null;
}

/** A path on which two sides part. */
export interface Difference {
  path: string;
  old: Ruling;
  new: Ruling;
}

/** Whether two sides allow the same URLs, every one. */
export interface Equivalence {
  /** null when a limit stopped the search first. */
  equivalent: boolean | null;
  /** The shortest path allowed only by the old side first, then by the new. */
  differences: Difference[];
  undecided: Undecided | null;
}

/** What an edit changes (`diff`): per crawler, as `robotspec compare OLD NEW --format json`. */
export interface Comparison {
  /** False when any crawler's answer differs, null when one is undecided, else true. */
  equivalent: boolean | null;
  crawlers: (Equivalence & { agent: string | null })[];
}

/** Every reading's verdict on one query (`diffReadings`; `robotspec diff --format json`). */
export interface ReadingsComparison {
  url: string;
  answers: {
    variant: string;
    allowed: boolean;
    decision: string;
    rule: { line: number; text: string } | null;
    groups: number[];
  }[];
  disagreements: {
    left: string;
    right: string;
    reason: string;
    evidence: string;
    leftRule: unknown;
    rightRule: unknown;
  }[];
  disagrees: boolean;
  verdicts: Record<string, boolean>;
}

/** One line of Google's report. */
export interface ReportLine {
  line: number;
  tag: "user-agent" | "allow" | "disallow" | "sitemap" | "unused" | "unknown";
  isTypo: boolean;
  isEmpty: boolean;
  hasComment: boolean;
  isComment: boolean;
  hasDirective: boolean;
  isAcceptableTypo: boolean;
  isLineTooLong: boolean;
  isMissingColonSeparator: boolean;
}

/** Google's per-line report of a file, as Search Console shows it. */
export interface GoogleReport {
  lines: ReportLine[];
  validDirectives: number;
  unusedDirectives: number;
  lastLineSeen: number;
}

/** A lint finding (docs/lint.md): `robotspec lint --format json`'s fields, `col` named
 * `column` and `readings` named `profiles`. */
export interface Finding {
  /** The path given in the options, when one was. */
  file?: string;
  code: string;
  severity: "error" | "warning" | "note";
  /** null for a finding about the whole file. */
  line: number | null;
  column: number | null;
  endLine?: number;
  endColumn?: number;
  message: string;
  /** The readings the finding applies to. */
  profiles: string[];
  /** The change that fixes it, when one is certain. */
  fix: string | null;
}

/** Options of `lint` and `lintSarif`. */
export interface LintOptions {
  /** The readings to lint for (default google and rfc9309). */
  profiles?: Reading[];
  /** Finding codes to silence. */
  allow?: string[];
  /** Finding codes to raise to errors. */
  deny?: string[];
}

/** A parsed robots.txt file: parse once, ask many times, and know why. */
export class Robots {
  /** Lenient reading never throws on any bytes; strict throws StrictError. */
  constructor(body: Body, options?: ReadOptions);
  /** The reading that read the file. */
  readonly profile: string;
  isAllowed(agent: string, url: UrlLike): boolean;
  isAllowedMany(agent: string, urls: Iterable<UrlLike>): boolean[];
  check(agent: string, url: UrlLike): Verdict;
  checkMany(agent: string, urls: Iterable<UrlLike>): Verdict[];
  explain(agent: string, url: UrlLike): Explanation;
  usage(agent: string, url: UrlLike): Usage;
  /** The first Crawl-delay of the groups that apply, in seconds. */
  crawlDelay(agent: string): number | undefined;
  /** The first Request-rate of the groups that apply. */
  requestRate(agent: string): { requests: number; seconds: number } | undefined;
  /** The groups that apply to `agent`. */
  applicable(agent: string): { agent: string | null; groups: number[]; crawlDelay: number | null };
  /** The Sitemap URLs as written, in file order. */
  readonly sitemaps: string[];
  /** The records of the file rather than of a group, with line numbers. */
  readonly records: RobotsRecord[];
  readonly groups: Group[];
  /** Every agent token the groups name, lower-cased, once each, in file order. */
  readonly namedAgents: string[];
  readonly diagnostics: Diagnostic[];
  /** Exact, over every request path; `undefined`: a crawler no group names. */
  analyze(agent?: string): Analysis;
  analyzeEach(agents: Iterable<string | undefined>): Analysis[];
  compare(other: Robots, agent?: string): Equivalence;
  /** The file as the reading reads it: variant, groups, sitemaps, records, ignoredRules,
   * diagnostics. */
  toJSON(): object;
  /** Frees the module's memory now (else a FinalizationRegistry does, some time). */
  free(): void;
  [Symbol.dispose](): void;
}

/** A parsed file's lossless tree and every finding. */
export interface Parsed {
  profile: string;
  mode: "lenient" | "strict";
  diagnostics: Diagnostic[];
  /** The lossless tree: the JSON object `robotspec parse --format json` prints (its keys as
   * written there: `kind`, `span`, `line`, `col`, `children` or `text`, `bytes_base64`). */
  tree: TreeNode;
  /** The tree as JSON text; `pretty`: as `robotspec parse --format json` prints it. */
  toJSONText(options?: { pretty?: boolean }): string;
}

/** A node of the lossless tree. */
export interface TreeNode {
  kind: string;
  span: [number, number];
  line: number;
  col: number;
  children?: TreeNode[];
  text?: string;
  bytes_base64?: string;
}

export function parse(body: Body, options?: ReadOptions): Parsed;
export function lint(body: Body, options?: LintOptions & { path?: string }): Finding[];
/** The SARIF 2.1.0 log, as `robotspec lint --format sarif` writes it. */
export function lintSarif(files: { path: string; body: Body }[], options?: LintOptions): object;
/** What an edit changes, over every URL, per crawler. */
export function diff(
  before: Body,
  after: Body,
  options?: ReadOptions & { agents?: string[] },
): Comparison;
/** Every reading's verdict on one query (default: the five variants). */
export function diffReadings(
  body: Body,
  agent: string,
  url: UrlLike,
  options?: { profiles?: Reading[] },
): ReadingsComparison;
export function googleReport(body: Body): GoogleReport;
