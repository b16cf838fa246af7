//! The library is a one-way stack (docs/architecture.md, "The stack"): every file of `src/`
//! (the command line under `src/bin/` aside) imports only from its own floor or the floors below,
//! and no files import each other in a circle.
//!
//! The floors are the table in docs/architecture.md, read from there, so the drawing and the rule
//! cannot drift apart. Every `crate::…`, `super::…` and `self::…` path is followed — in `use` and
//! `pub use` items, types, expressions, attributes and macro calls alike — and so is a path that
//! starts with a child module the file declares (`use check::Checker`, `scan::Lines::new`).
//! Comments and string literals are not code and are skipped.

#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path from the crate root: `[]` is `lib.rs`, `["syntax", "check"]` is
/// `syntax/check.rs`.
type ModPath = Vec<String>;

/// One import: the file it is in, the line, and the file it names.
#[derive(Debug, Clone)]
struct Arrow {
    from: PathBuf,
    line: usize,
    to: PathBuf,
    path: String,
}

#[test]
fn no_file_imports_from_a_higher_floor() {
    let crate_files = crate_files(Path::new("src"));
    let floors = floors(&fs::read_to_string("docs/architecture.md").unwrap());
    let mut unplaced = Vec::new();
    let mut up = Vec::new();
    for (module, file) in &crate_files {
        match floor_of(&floors, module) {
            None => unplaced.push(file.display().to_string()),
            Some(floor) => {
                for arrow in arrows(file, module, &crate_files) {
                    let to = module_of(&crate_files, &arrow.to);
                    let target = floor_of(&floors, &to).unwrap_or(0);
                    if target > floor {
                        up.push(format!(
                            "{}:{} (floor {floor}) imports `{}` from {} (floor {target})",
                            arrow.from.display(),
                            arrow.line,
                            arrow.path,
                            arrow.to.display()
                        ));
                    }
                }
            }
        }
    }
    assert!(
        unplaced.is_empty(),
        "files on no floor of docs/architecture.md's table: {unplaced:#?}"
    );
    assert!(
        up.is_empty(),
        "imports that run back up the stack:\n{}",
        up.join("\n")
    );
}

#[test]
fn no_files_import_each_other_in_a_circle() {
    let crate_files = crate_files(Path::new("src"));
    let mut edges: BTreeMap<PathBuf, BTreeMap<PathBuf, Vec<Arrow>>> = BTreeMap::new();
    for (module, file) in &crate_files {
        let entry = edges.entry(file.clone()).or_default();
        for arrow in arrows(file, module, &crate_files) {
            entry.entry(arrow.to.clone()).or_default().push(arrow);
        }
    }
    let circles = circles(&edges);
    let described: Vec<String> = circles.iter().map(|c| describe(c, &edges)).collect();
    assert!(
        circles.is_empty(),
        "files that import each other in a circle:\n{}",
        described.join("\n")
    );
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
    let mut edges: BTreeMap<PathBuf, BTreeMap<PathBuf, Vec<Arrow>>> = BTreeMap::new();
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
    let floors = floors(
        "\n## The stack\n\n| floor | modules |\n|---|---|\n| 1 | `x` |\n| 2 | `y`, `crate` |\n",
    );
    assert_eq!(floor_of(&floors, &["x".into(), "z".into()]), Some(1));
    assert_eq!(floor_of(&floors, &[]), Some(2));
    assert_eq!(floor_of(&floors, &["w".into()]), None);
}

/// The floor table of docs/architecture.md's "The stack" section: `| N | `module`, … |` rows,
/// `crate` naming the crate root (`src/lib.rs`).
fn floors(doc: &str) -> BTreeMap<ModPath, usize> {
    let section = doc.split("\n## The stack").nth(1).unwrap_or_default();
    let section = section.split("\n## ").next().unwrap_or_default();
    let mut floors = BTreeMap::new();
    for row in section.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let Some(floor) = cells.get(1).and_then(|c| c.parse::<usize>().ok()) else {
            continue;
        };
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
        "docs/architecture.md has no floor table"
    );
    floors
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

/// Every file of the library crate by module path (`src/bin/` is another crate).
fn crate_files(src: &Path) -> BTreeMap<ModPath, PathBuf> {
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
                files.insert(module_path(src, &path), path);
            }
        }
    }
    files
}

fn module_path(src: &Path, file: &Path) -> ModPath {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: ModPath = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
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

/// The imports of `file` (module `module`) of other files of the crate.
fn arrows(file: &Path, module: &[String], files: &BTreeMap<ModPath, PathBuf>) -> Vec<Arrow> {
    let code = fs::read_to_string(file).unwrap();
    arrows_in(&code, file, module, files)
}

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
fn circles(edges: &BTreeMap<PathBuf, BTreeMap<PathBuf, Vec<Arrow>>>) -> Vec<Vec<PathBuf>> {
    struct Walk<'g> {
        edges: &'g BTreeMap<PathBuf, BTreeMap<PathBuf, Vec<Arrow>>>,
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

fn describe(
    circle: &[PathBuf],
    edges: &BTreeMap<PathBuf, BTreeMap<PathBuf, Vec<Arrow>>>,
) -> String {
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
