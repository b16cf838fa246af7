// What the action makes of the linter's findings for GitHub: an annotation per finding (a
// workflow command, as `robotspec lint --format github` prints them), the counts per severity,
// whether the step fails, and the step summary in Markdown. The findings are the package's
// (`lint` of the robotspec package); nothing here judges a line of robots.txt.
//
// `linted` everywhere is a list of `{ path, findings }`: the file as the workspace names it and
// what the linter found in it.

import { workflowCommand } from "./workflow.mjs";

/** The severities, most severe first, and the `fail-on` value that fails on none. */
export const SEVERITIES = ["error", "warning", "note"];
export const NEVER = "never";

/** The workflow command of each severity: a note is a `notice`. */
const COMMANDS = { error: "error", warning: "warning", note: "notice" };

/** Annotations of one kind GitHub shows per step (actions/toolkit, docs/problem-matchers.md). */
export const ANNOTATIONS_SHOWN = 10;

/** Findings the step summary lists (GitHub takes at most 1 MiB of summary per step). */
export const SUMMARY_ROWS = 500;

/** Whether a finding at or above `failOn` (a severity, or `never`) is among the findings. */
export function fails(linted, failOn) {
  const limit = SEVERITIES.indexOf(failOn);
  if (limit < 0) {
    return false;
  }
  return linted.some(({ findings }) =>
    findings.some((finding) => SEVERITIES.indexOf(finding.severity) <= limit),
  );
}

/** `{ error, warning, note }`: how many findings of each severity. */
export function countSeverities(linted) {
  const counts = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0]));
  for (const { findings } of linted) {
    for (const finding of findings) {
      counts[finding.severity] += 1;
    }
  }
  return counts;
}

/** The finding's message, and its fix on a line of its own when one is certain. */
function messageWithFix(finding) {
  return finding.fix ? `${finding.message}\nfix: ${finding.fix}` : finding.message;
}

/**
 * The annotation of one finding: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…`,
 * `::` and the message (positions only where the finding has them: a finding about the whole file
 * has none).
 */
export function annotation(path, finding) {
  const properties = {
    file: path,
    line: finding.line,
    col: finding.column,
    endLine: finding.endLine,
    endColumn: finding.endColumn,
    title: `robotspec ${finding.code}`,
  };
  return workflowCommand(COMMANDS[finding.severity], properties, messageWithFix(finding));
}

/** Every finding's annotation, file by file, in the linter's order. */
export function annotations(linted) {
  return linted.flatMap(({ path, findings }) => findings.map((f) => annotation(path, f)));
}

/** `1 error`, `2 warnings`. */
function counted(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** `3 errors, 1 warning, 0 notes in 2 files`. */
export function headline(linted) {
  const counts = countSeverities(linted);
  const severities = SEVERITIES.map((severity) => counted(counts[severity], severity));
  return `${severities.join(", ")} in ${counted(linted.length, "file")}`;
}

/** Text for a Markdown table cell: no row or cell breaks, no HTML. */
function cell(text) {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\|/g, "\\|")
    .replace(/\r?\n|\r/g, "<br>");
}

/** `path:line:col`, or the path alone for a finding about the whole file. */
function where(path, finding) {
  return finding.line == null ? path : `${path}:${finding.line}:${finding.column}`;
}

function fileTable(linted) {
  const rows = linted.map(({ path, findings }) => {
    const counts = countSeverities([{ findings }]);
    return `| ${cell(path)} | ${SEVERITIES.map((s) => counts[s]).join(" | ")} |`;
  });
  return ["| file | errors | warnings | notes |", "|---|---:|---:|---:|", ...rows];
}

function findingTable(linted) {
  const all = linted.flatMap(({ path, findings }) => findings.map((f) => ({ path, f })));
  const rows = all.slice(0, SUMMARY_ROWS).map(({ path, f }) => {
    const fix = f.fix ? `<br>fix: ${cell(f.fix)}` : "";
    const message = `${cell(f.message)}${fix}`;
    return `| ${cell(where(path, f))} | ${f.severity} | ${cell(f.code)} | ${message} |`;
  });
  const table = ["| where | severity | code | message |", "|---|---|---|---|", ...rows];
  if (all.length > SUMMARY_ROWS) {
    const more = all.length - SUMMARY_ROWS;
    table.push("", `${more} more findings are not listed here: the SARIF file has every one.`);
  }
  return all.length > 0 ? table : [];
}

/** A sentence for each kind of annotation of which GitHub shows only some. */
function hiddenAnnotations(counts) {
  const hidden = SEVERITIES.filter((severity) => counts[severity] > ANNOTATIONS_SHOWN);
  return hidden.map(
    (severity) =>
      `GitHub shows ${ANNOTATIONS_SHOWN} annotations of each kind per step: ` +
      `${counts[severity] - ANNOTATIONS_SHOWN} of the ${counts[severity]} ${severity}s have none ` +
      "(the table below and the SARIF file have them).",
  );
}

/** Whether the step fails, and why. */
function verdict(linted, failOn) {
  if (failOn === NEVER) {
    return "The step fails on no finding (`fail-on: never`).";
  }
  return fails(linted, failOn)
    ? `The step fails: a finding is at least as severe as \`fail-on: ${failOn}\`.`
    : `The step passes: no finding is at least as severe as \`fail-on: ${failOn}\`.`;
}

/**
 * The step summary: the counts, the readings, the verdict on `failOn`, the SARIF file (none
 * when empty), the annotations GitHub hides (when `annotated`), a table per file and one of
 * the findings (the first `SUMMARY_ROWS`).
 */
export function summary(linted, { readings, failOn, sarif, annotated }) {
  const paragraphs = [
    `### robotspec lint: ${headline(linted)}`,
    `Readings: ${readings.map((r) => `\`${r}\``).join(", ")}. ${verdict(linted, failOn)}`,
    sarif ? `SARIF: ${cell(sarif)}.` : "No SARIF file (`sarif` is empty).",
    ...(annotated ? hiddenAnnotations(countSeverities(linted)) : []),
    fileTable(linted).join("\n"),
    findingTable(linted).join("\n"),
  ];
  return `${paragraphs.filter((p) => p !== "").join("\n\n")}\n`;
}
