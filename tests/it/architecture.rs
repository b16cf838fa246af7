//! Each crate of the workspace is a one-way stack (docs/architecture.md: "The stack" for the
//! library's `src/`, "The command line's stack" for `cli/src`, "The binding's stack" for
//! `python/src`, "The JavaScript binding's stack" for `js/src`): every file imports only from its own floor or the floors below, no files
//! import each other in a circle, and on a floor marked *apart* (the commands, the binding's
//! calls) no module imports another.
//!
//! The floors are the tables in docs/architecture.md, read from there, so the drawing and the
//! rule cannot drift apart. Every `crate::…`, `super::…` and `self::…` path is followed — in `use` and
//! `pub use` items, types, expressions, attributes and macro calls alike — and so is a path that
//! starts with a child module the file declares (`use check::Checker`, `scan::Lines::new`).
//! Comments and string literals are not code and are skipped.

#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path from the crate root: `[]` is `lib.rs` (or `main.rs`), `["syntax", "check"]`
/// is `syntax/check.rs`.
type ModPath = Vec<String>;

/// One import: the file it is in, the line, and the file it names.
#[derive(Debug, Clone)]
struct Arrow {
    from: PathBuf,
    line: usize,
    to: PathBuf,
    path: String,
}

/// A crate held to a floor table: its folder, its root file, and the heading of its table.
struct Crate {
    src: &'static str,
    root: &'static str,
    section: &'static str,
}

/// The library, the command line and the two bindings.
const CRATES: [Crate; 4] = [
    Crate {
        src: "src",
        root: "lib.rs",
        section: "The stack",
    },
    Crate {
        src: "cli/src",
        root: "main.rs",
        section: "The command line's stack",
    },
    Crate {
        src: "python/src",
        root: "lib.rs",
        section: "The binding's stack",
    },
    Crate {
        src: "js/src",
        root: "lib.rs",
        section: "The JavaScript binding's stack",
    },
];

/// A crate's floor table: each module's floor, and the floors marked *apart*.
struct Table {
    floors: BTreeMap<ModPath, usize>,
    apart: BTreeSet<usize>,
}

/// Every file's imports, file by file: the graph the rules are checked on.
type Edges = BTreeMap<PathBuf, BTreeMap<PathBuf, Vec<Arrow>>>;

#[test]
fn no_file_imports_from_a_higher_floor() {
    let doc = fs::read_to_string("docs/architecture.md").unwrap();
    for krate in &CRATES {
        let files = crate_files(Path::new(krate.src), krate.root);
        let table = table(&doc, krate.section);
        let edges = edges(&files, |file| fs::read_to_string(file).unwrap());
        let (unplaced, wrong) = misplaced(&files, &table, &edges);
        assert!(
            unplaced.is_empty(),
            "files of {} on no floor of docs/architecture.md's \"{}\": {unplaced:#?}",
            krate.src,
            krate.section
        );
        assert!(
            wrong.is_empty(),
            "imports in {} that run back up the stack or across a floor apart:\n{}",
            krate.src,
            wrong.join("\n")
        );
    }
}

#[test]
fn no_files_import_each_other_in_a_circle() {
    for krate in &CRATES {
        let files = crate_files(Path::new(krate.src), krate.root);
        let edges = edges(&files, |file| fs::read_to_string(file).unwrap());
        let circles = circles(&edges);
        let described: Vec<String> = circles.iter().map(|c| describe(c, &edges)).collect();
        assert!(
            circles.is_empty(),
            "files of {} that import each other in a circle:\n{}",
            krate.src,
            described.join("\n")
        );
    }
}

/// The reader sees what the compiler sees: a path through a child module, `super` inside an
/// inline module, a nested `use` tree, paths in expressions, not those in comments or strings.
#[test]
fn the_reader_follows_every_kind_of_path() {
    let files: BTreeMap<ModPath, PathBuf> = [
        (vec![], "src/lib.rs"),
        (vec!["a".into()], "src/a/mod.rs"),
        (vec!["a".into(), "b".into()], "src/a/b.rs"),
        (vec!["c".into()], "src/c.rs"),
    ]
    .into_iter()
    .map(|(m, f)| (m, PathBuf::from(f)))
    .collect();
    let code = "mod b;\n\
        pub use b::{self, X};\n\
        // use crate::c::Nothing;\n\
        const S: &str = \"crate::c::Nor\";\n\
        fn f() -> char { let _ = '\\''; crate::c::g() }\n\
        mod tests { use super::*; }\n";
    let found = arrows_in(code, Path::new("src/a/mod.rs"), &["a".into()], &files);
    let named: Vec<(usize, &str)> = found
        .iter()
        .map(|a| (a.line, a.to.to_str().unwrap()))
        .collect();
    assert_eq!(
        named,
        [(2, "src/a/b.rs"), (2, "src/a/b.rs"), (5, "src/c.rs")]
    );
    let child = "use super::super::c::{d::{E, F}, G};\nfn g() { super::h() }\n";
    let found = arrows_in(
        child,
        Path::new("src/a/b.rs"),
        &["a".into(), "b".into()],
        &files,
    );
    let named: Vec<&str> = found.iter().map(|a| a.to.to_str().unwrap()).collect();
    assert_eq!(named, ["src/c.rs", "src/c.rs", "src/c.rs", "src/a/mod.rs"]);
}

#[test]
fn a_circle_and_an_arrow_back_up_are_found() {
    let a = PathBuf::from("a.rs");
    let b = PathBuf::from("b.rs");
    let arrow = |from: &PathBuf, to: &PathBuf| Arrow {
        from: from.clone(),
        line: 1,
        to: to.clone(),
        path: String::new(),
    };
    let mut edges: Edges = BTreeMap::new();
    edges
        .entry(a.clone())
        .or_default()
        .insert(b.clone(), vec![arrow(&a, &b)]);
    assert!(circles(&edges).is_empty());
    edges
        .entry(b.clone())
        .or_default()
        .insert(a.clone(), vec![arrow(&b, &a)]);
    assert_eq!(circles(&edges), [vec![a, b]]);
    let table = table(
        "\n## The stack\n\n| floor | modules |\n|---|---|\n| 1 | `x` |\n| 2 apart | `y`, `crate` |\n",
        "The stack",
    );
    assert_eq!(floor_of(&table.floors, &["x".into(), "z".into()]), Some(1));
    assert_eq!(floor_of(&table.floors, &[]), Some(2));
    assert_eq!(floor_of(&table.floors, &["w".into()]), None);
    assert_eq!(table.apart, BTreeSet::from([2]));
}

/// A command-line crate laid out wrong is refused: a helper that imports a command (back up),
/// a command that imports another (across a floor apart), and a file on no floor.
#[test]
fn a_crate_laid_out_wrong_is_refused() {
    let doc = "\n## The command line's stack\n\n| floor | modules | what |\n|---|---|---|\n\
        | 1 | `output` | helpers |\n| 2 apart | `check`, `usage` | commands |\n\
        | 3 | `crate` | dispatch |\n";
    let files: BTreeMap<ModPath, PathBuf> = [
        (vec![], "cli/src/main.rs"),
        (vec!["output".into()], "cli/src/output.rs"),
        (vec!["check".into()], "cli/src/check.rs"),
        (vec!["usage".into()], "cli/src/usage.rs"),
        (vec!["stray".into()], "cli/src/stray.rs"),
    ]
    .into_iter()
    .map(|(m, f)| (m, PathBuf::from(f)))
    .collect();
    let code = |file: &Path| match file.to_str().unwrap() {
        "cli/src/main.rs" => "mod check;\nfn main() { check::run(); usage::run() }\n",
        "cli/src/output.rs" => "use crate::check::Args;\n",
        "cli/src/usage.rs" => "use crate::output::write;\nuse crate::check::FileQuery;\n",
        _ => "",
    };
    let edges = edges(&files, |file| code(file).to_owned());
    let (unplaced, wrong) = misplaced(&files, &table(doc, "The command line's stack"), &edges);
    assert_eq!(unplaced, ["cli/src/stray.rs"]);
    assert_eq!(
        wrong,
        [
            "cli/src/output.rs:1 (floor 1) imports `crate::check::Args` from cli/src/check.rs \
             (floor 2)",
            "cli/src/usage.rs:2 (floor 2, apart) imports `crate::check::FileQuery` from \
             cli/src/check.rs (another module of floor 2)",
        ]
    );
}

/// The files on no floor of `table`, and every import in `edges` that runs back up the stack
/// or from one module of a floor apart to another.
fn misplaced(
    files: &BTreeMap<ModPath, PathBuf>,
    table: &Table,
    edges: &Edges,
) -> (Vec<String>, Vec<String>) {
    let mut unplaced = Vec::new();
    let mut wrong = Vec::new();
    for (module, file) in files {
        let Some(floor) = floor_of(&table.floors, module) else {
            unplaced.push(file.display().to_string());
            continue;
        };
        for arrow in edges
            .get(file)
            .into_iter()
            .flat_map(BTreeMap::values)
            .flatten()
        {
            let to = module_of(files, &arrow.to);
            let target = floor_of(&table.floors, &to).unwrap_or(0);
            let across =
                target == floor && table.apart.contains(&floor) && module.first() != to.first();
            let (from, line, path, to) = (
                arrow.from.display(),
                arrow.line,
                &arrow.path,
                arrow.to.display(),
            );
            if target > floor {
                wrong.push(format!(
                    "{from}:{line} (floor {floor}) imports `{path}` from {to} (floor {target})"
                ));
            } else if across {
                wrong.push(format!(
                    "{from}:{line} (floor {floor}, apart) imports `{path}` from {to} (another \
                     module of floor {floor})"
                ));
            }
        }
    }
    (unplaced, wrong)
}

/// The imports of every file of `files`, whose text `code` gives, by file and imported file.
fn edges(files: &BTreeMap<ModPath, PathBuf>, code: impl Fn(&Path) -> String) -> Edges {
    let mut edges: Edges = BTreeMap::new();
    for (module, file) in files {
        let entry = edges.entry(file.clone()).or_default();
        for arrow in arrows_in(&code(file), file, module, files) {
            entry.entry(arrow.to.clone()).or_default().push(arrow);
        }
    }
    edges
}

/// The floor table under `## {section}` of docs/architecture.md: `| N | `module`, … |` rows,
/// `crate` naming the crate root (`lib.rs`, `main.rs`); `| N apart | … |` marks a floor whose
/// modules import nothing from each other.
fn table(doc: &str, section: &str) -> Table {
    let heading = format!("\n## {section}\n");
    let body = doc.split(&heading).nth(1).unwrap_or_default();
    let body = body.split("\n## ").next().unwrap_or_default();
    let mut floors = BTreeMap::new();
    let mut apart = BTreeSet::new();
    for row in body.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let mut words = cells.get(1).copied().unwrap_or_default().split_whitespace();
        let Some(floor) = words.next().and_then(|c| c.parse::<usize>().ok()) else {
            continue;
        };
        if words.next() == Some("apart") {
            apart.insert(floor);
        }
        let modules = cells.get(2).copied().unwrap_or_default();
        for name in modules.split('`').skip(1).step_by(2) {
            let path: ModPath = match name {
                "crate" => vec![],
                _ => name.split("::").map(String::from).collect(),
            };
            floors.insert(path, floor);
        }
    }
    assert!(
        !floors.is_empty(),
        "docs/architecture.md has no floor table under \"## {section}\""
    );
    Table { floors, apart }
}

/// The floor of the longest module path in the table that `module` is in.
/// `crate` (the empty path) names the crate root alone.
fn floor_of(floors: &BTreeMap<ModPath, usize>, module: &[String]) -> Option<usize> {
    let shortest = usize::from(!module.is_empty());
    (shortest..=module.len())
        .rev()
        .find_map(|n| floors.get(module.get(..n).unwrap_or_default()))
        .copied()
}

/// Every file of the crate in `src` by module path (`src/bin/` holds other crates).
fn crate_files(src: &Path, root: &str) -> BTreeMap<ModPath, PathBuf> {
    let mut files = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path != src.join("bin") {
                    stack.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.insert(module_path(src, &path, root), path);
            }
        }
    }
    assert!(
        files.contains_key(&ModPath::new()),
        "{} has no {root}",
        src.display()
    );
    files
}

/// The module path of `file`: its path under `src`, less `mod.rs`, and `[]` for the root.
fn module_path(src: &Path, file: &Path, root: &str) -> ModPath {
    let relative = file.strip_prefix(src).unwrap();
    if relative == Path::new(root) {
        return ModPath::new();
    }
    let mut parts: ModPath = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    parts
}

fn module_of(files: &BTreeMap<ModPath, PathBuf>, file: &Path) -> ModPath {
    files
        .iter()
        .find(|(_, f)| f.as_path() == file)
        .map(|(m, _)| m.clone())
        .unwrap_or_default()
}

/// The imports in `code`, the text of `file` (module `module`), of other files of the crate.
fn arrows_in(
    code: &str,
    file: &Path,
    module: &[String],
    files: &BTreeMap<ModPath, PathBuf>,
) -> Vec<Arrow> {
    let tokens = tokens(&strip(code));
    let children = declared_modules(&tokens);
    let mut arrows = Vec::new();
    for (line, scope, path) in paths(&tokens, &children) {
        let mut context = module.to_vec();
        context.extend(scope);
        let Some(absolute) = resolve(&context, &path) else {
            continue;
        };
        let Some(to) = file_of(files, &absolute) else {
            continue;
        };
        if to != file {
            arrows.push(Arrow {
                from: file.to_path_buf(),
                line,
                to: to.to_path_buf(),
                path: path.join("::"),
            });
        }
    }
    arrows
}

/// `path` (as written in module `context`) from the crate root; `None` for other crates'.
fn resolve(context: &[String], path: &[String]) -> Option<ModPath> {
    let mut resolved: ModPath = context.to_vec();
    let mut rest = path.iter().peekable();
    match rest.peek().map(|s| s.as_str()) {
        Some("crate" | "$crate") => {
            resolved.clear();
            rest.next();
        }
        Some("self") => {
            rest.next();
        }
        Some("super") => {}
        Some(_) => {} // a child module of `context` (only those are collected)
        None => return None,
    }
    while rest.peek().is_some_and(|s| *s == "super") {
        rest.next();
        resolved.pop()?;
    }
    resolved.extend(rest.cloned());
    Some(resolved)
}

/// The file that holds the item at `path`: the longest prefix that is a file's module.
fn file_of<'f>(files: &'f BTreeMap<ModPath, PathBuf>, path: &[String]) -> Option<&'f Path> {
    (0..=path.len())
        .rev()
        .find_map(|n| files.get(path.get(..n).unwrap_or_default()))
        .map(PathBuf::as_path)
}

/// `code` with comments, strings and character literals blanked (line ends kept).
fn strip(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len());
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let next = chars.get(i + 1).copied();
        let skip = match (c, next) {
            ('/', Some('/')) => line_comment(&chars, i),
            ('/', Some('*')) => block_comment(&chars, i),
            ('"', _) => string(&chars, i + 1),
            ('r', Some('"' | '#')) if !ident_before(&chars, i) => raw_string(&chars, i + 1),
            ('b', Some('r')) if !ident_before(&chars, i) => raw_string(&chars, i + 2),
            ('b', Some('\'')) if !ident_before(&chars, i) => char_literal(&chars, i + 1),
            ('\'', _) => char_literal(&chars, i),
            _ => None,
        };
        match skip {
            Some(end) => {
                let skipped = chars.get(i..end).unwrap_or_default();
                out.extend(skipped.iter().filter(|c| **c == '\n'));
                out.push(' ');
                i = end;
            }
            None => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i.checked_sub(1)
        .and_then(|j| chars.get(j))
        .is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

fn line_comment(chars: &[char], i: usize) -> Option<usize> {
    let len = chars.get(i..)?.iter().position(|c| *c == '\n');
    Some(len.map_or(chars.len(), |n| i + n))
}

fn block_comment(chars: &[char], mut i: usize) -> Option<usize> {
    let mut depth = 0;
    while i < chars.len() {
        match (chars.get(i), chars.get(i + 1)) {
            (Some('/'), Some('*')) => (depth, i) = (depth + 1, i + 2),
            (Some('*'), Some('/')) => {
                (depth, i) = (depth - 1, i + 2);
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => i += 1,
        }
    }
    Some(i)
}

/// A string whose contents start at `i`: the index past its closing quote.
fn string(chars: &[char], mut i: usize) -> Option<usize> {
    while let Some(c) = chars.get(i) {
        match c {
            '\\' => i += 2,
            '"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    Some(i)
}

/// A raw string whose hashes (or opening quote) start at `i`.
fn raw_string(chars: &[char], i: usize) -> Option<usize> {
    let hashes = chars.get(i..)?.iter().take_while(|c| **c == '#').count();
    if chars.get(i + hashes) != Some(&'"') {
        return None;
    }
    let close: String = std::iter::once('"')
        .chain(std::iter::repeat_n('#', hashes))
        .collect();
    let close: Vec<char> = close.chars().collect();
    let body = i + hashes + 1;
    let end = chars
        .get(body..)?
        .windows(close.len())
        .position(|w| w == close.as_slice())?;
    Some(body + end + close.len())
}

/// A character literal at `i` (`'a'`, `'\n'`, `'\''`); `None` for a lifetime or label.
fn char_literal(chars: &[char], i: usize) -> Option<usize> {
    match (chars.get(i + 1), chars.get(i + 2)) {
        (Some('\\'), _) => {
            let close = chars.get(i + 3..)?.iter().position(|c| *c == '\'')?;
            Some(i + 3 + close + 1)
        }
        (Some(_), Some('\'')) => Some(i + 3),
        _ => None,
    }
}

/// A token and the line it is on.
#[derive(Debug, Clone, PartialEq)]
struct Token {
    text: String,
    line: usize,
}

fn tokens(code: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\n' {
            line += 1;
        } else if c.is_alphanumeric() || c == '_' || c == '$' {
            let mut text = String::from(c);
            while let Some(&n) = chars.peek().filter(|n| n.is_alphanumeric() || **n == '_') {
                text.push(n);
                chars.next();
            }
            tokens.push(Token { text, line });
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            tokens.push(Token {
                text: "::".into(),
                line,
            });
        } else if !c.is_whitespace() {
            tokens.push(Token {
                text: c.into(),
                line,
            });
        }
    }
    tokens
}

fn text(tokens: &[Token], i: usize) -> &str {
    tokens.get(i).map_or("", |t| t.text.as_str())
}

/// The modules declared as files at the top level (`mod check;`).
fn declared_modules(tokens: &[Token]) -> BTreeSet<String> {
    (0..tokens.len())
        .filter(|&i| text(tokens, i) == "mod" && text(tokens, i + 2) == ";")
        .map(|i| text(tokens, i + 1).to_owned())
        .collect()
}

/// Every path that starts at `crate`, `super`, `self` or a declared child module, with its line
/// and the inline modules (`mod tests { … }`) it is written in.
fn paths(tokens: &[Token], children: &BTreeSet<String>) -> Vec<(usize, ModPath, ModPath)> {
    let mut found = Vec::new();
    let mut scope: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while let Some(token) = tokens.get(i) {
        let names: ModPath = scope.iter().map(|(n, _)| n.clone()).collect();
        let after_colons = i > 0 && text(tokens, i - 1) == "::";
        match token.text.as_str() {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if scope.last().is_some_and(|(_, d)| *d == depth) {
                    scope.pop();
                }
            }
            "mod" if text(tokens, i + 2) == "{" => {
                scope.push((text(tokens, i + 1).to_owned(), depth));
            }
            "use" => {
                let end = (i..tokens.len())
                    .find(|&j| text(tokens, j) == ";")
                    .unwrap_or(tokens.len());
                let tree = tokens.get(i + 1..end).unwrap_or_default();
                for path in use_tree(tree, &[]) {
                    if starts_in_crate(&path, scope.is_empty(), children) {
                        found.push((token.line, names.clone(), path));
                    }
                }
                i = end;
                continue;
            }
            first if !after_colons && text(tokens, i + 1) == "::" => {
                let mut path = vec![first.to_owned()];
                let mut j = i + 1;
                while text(tokens, j) == "::" && is_ident(text(tokens, j + 1)) {
                    path.push(text(tokens, j + 1).to_owned());
                    j += 2;
                }
                if starts_in_crate(&path, scope.is_empty(), children) {
                    found.push((token.line, names, path));
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

fn is_ident(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

fn starts_in_crate(path: &[String], top_level: bool, children: &BTreeSet<String>) -> bool {
    match path.first().map(String::as_str) {
        Some("crate" | "$crate" | "super" | "self") => path.len() > 1 || top_level,
        Some(first) => top_level && children.contains(first),
        None => false,
    }
}

/// The paths a `use` tree names, each with `prefix` before it.
fn use_tree(tokens: &[Token], prefix: &[String]) -> Vec<ModPath> {
    let mut paths = Vec::new();
    let mut path = prefix.to_vec();
    let mut i = 0;
    while let Some(token) = tokens.get(i) {
        match token.text.as_str() {
            "::" | "pub" | "(" | ")" => {}
            "as" => i += 1,
            "{" => {
                let close = matching_brace(tokens, i);
                for part in split_top_level(tokens.get(i + 1..close).unwrap_or_default()) {
                    paths.extend(use_tree(part, &path));
                }
                return paths;
            }
            "*" => break,
            "self" if !path.is_empty() => {}
            name => path.push(name.to_owned()),
        }
        i += 1;
    }
    paths.push(path);
    paths
}

fn matching_brace(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0;
    for (i, token) in tokens.iter().enumerate().skip(open) {
        match token.text.as_str() {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

fn split_top_level(tokens: &[Token]) -> Vec<&[Token]> {
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, token) in tokens.iter().enumerate() {
        match token.text.as_str() {
            "{" => depth += 1,
            "}" => depth -= 1,
            "," if depth == 0 => {
                parts.push(tokens.get(start..i).unwrap_or_default());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(tokens.get(start..).unwrap_or_default());
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

/// The circles of the graph (its strongly connected components of more than one file), by
/// Tarjan's algorithm, each sorted.
fn circles(edges: &Edges) -> Vec<Vec<PathBuf>> {
    struct Walk<'g> {
        edges: &'g Edges,
        index: BTreeMap<&'g PathBuf, (usize, usize)>,
        stack: Vec<&'g PathBuf>,
        on_stack: BTreeSet<&'g PathBuf>,
        found: Vec<Vec<PathBuf>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, node: &'g PathBuf) -> usize {
            let n = self.index.len();
            self.index.insert(node, (n, n));
            self.stack.push(node);
            self.on_stack.insert(node);
            let mut low = n;
            for next in self.edges.get(node).into_iter().flat_map(BTreeMap::keys) {
                if let Some(&(index, _)) = self.index.get(next) {
                    if self.on_stack.contains(next) {
                        low = low.min(index);
                    }
                } else {
                    low = low.min(self.visit(next));
                }
            }
            if low == n {
                let mut circle = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    circle.push(top.clone());
                    if top == node {
                        break;
                    }
                }
                if circle.len() > 1 {
                    circle.sort();
                    self.found.push(circle);
                }
            }
            low
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !walk.index.contains_key(node) {
            walk.visit(node);
        }
    }
    walk.found
}

fn describe(circle: &[PathBuf], edges: &Edges) -> String {
    let mut text = format!("circle of {} files:", circle.len());
    for from in circle {
        for (to, arrows) in edges.get(from).into_iter().flatten() {
            if circle.contains(to) {
                let lines: Vec<String> = arrows
                    .iter()
                    .map(|a| format!("{}:{} `{}`", from.display(), a.line, a.path))
                    .collect();
                text.push_str(&format!(
                    "\n  {} -> {}: {}",
                    from.display(),
                    to.display(),
                    lines.join(", ")
                ));
            }
        }
    }
    text
}
