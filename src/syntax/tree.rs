//! The lossless parse tree: owned nodes over byte spans of the original input.
//!
//! The tree has three levels: the file, its lines, and the leaves of each line. Every input byte
//! lies in exactly one leaf, so concatenating the leaves' bytes in order gives the input back,
//! for any input. The tree is derived from the [`Line`]s on demand; it is for people and tools
//! (JSON, snapshots), while the later stages read the lines directly. Its depth is fixed (file,
//! line, leaf), so it can also be written out one line at a time ([`write_json`],
//! [`write_dump`]) without ever being held whole: memory does not grow with the number of nodes.

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use std::fmt::{self, Write as _};
use std::io;
use std::sync::OnceLock;

use super::lines::{Line, LineBody};
use crate::source::{Source, Span};
use crate::variant::Directive;

crate::names::stable_names! {
    /// What a node is. Its name (snake_case, as in JSON and the dump) is stable.
    pub enum NodeKind {
        /// The whole file (root).
        RobotsTxt = "robots_txt",
        /// A line holding only whitespace, or nothing.
        BlankLine = "blank_line",
        /// A line holding only a comment.
        CommentLine = "comment_line",
        /// `user-agent: …`
        UserAgentLine = "user_agent_line",
        /// `allow: …`
        AllowLine = "allow_line",
        /// `disallow: …`
        DisallowLine = "disallow_line",
        /// `sitemap: …`
        SitemapLine = "sitemap_line",
        /// A known extension record of the variant (`content-usage`, `crawl-delay`, …;
        /// docs/extensions.md).
        ExtensionLine = "extension_line",
        /// Any other `key: value` record: a key the variant does not know.
        RecordLine = "record_line",
        /// A line the grammar cannot read.
        InvalidLine = "invalid_line",
        /// Leaf: a byte order mark at the start of the file (possibly truncated).
        Bom = "bom",
        /// Leaf: spaces and tabs.
        Whitespace = "whitespace",
        /// Leaf: a record's key.
        Key = "key",
        /// Leaf: the `:` after a key.
        Colon = "colon",
        /// Leaf: a record's value.
        Value = "value",
        /// Leaf: `#` to the end of the line.
        Comment = "comment",
        /// Leaf: the content of an invalid line.
        Text = "text",
        /// Leaf: CR LF, CR or LF.
        Newline = "newline",
        /// Leaf: the input past [`Limit::InputBytes`](crate::Limit::InputBytes), not read.
        Ignored = "ignored",
    }
}

/// A node of the parse tree. A node without children is a leaf.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// What the node is.
    pub kind: NodeKind,
    /// The bytes it covers, `[start, end)` into the original input.
    pub span: Span,
    /// 1-based line of `span.start`.
    pub line: u32,
    /// 1-based column of `span.start`, in characters.
    pub col: u32,
    /// Child nodes in input order; empty for a leaf.
    pub children: Vec<Node>,
}

impl Node {
    /// True when the node has no children.
    pub fn is_leaf(&self) -> bool {
        self.children.is_empty()
    }

    /// Every leaf under this node, in input order.
    pub fn leaves(&self) -> Vec<&Node> {
        let mut out = Vec::new();
        self.collect_leaves(&mut out);
        out
    }

    fn collect_leaves<'n>(&'n self, out: &mut Vec<&'n Node>) {
        if self.is_leaf() {
            out.push(self);
        }
        for child in &self.children {
            child.collect_leaves(out);
        }
    }
}

/// A parse tree together with the input it describes.
#[derive(Debug, Clone)]
pub struct Tree<'a> {
    input: &'a [u8],
    root: Node,
}

impl<'a> Tree<'a> {
    /// Builds the tree of `source` from its lines.
    pub(crate) fn build(source: &Source<'a>, lines: impl Iterator<Item = Line>) -> Self {
        let mut children = Vec::new();
        for_each_child(source, lines, |node| children.push(node));
        Tree {
            input: source.bytes(),
            root: root(source, children),
        }
    }

    /// The root node.
    pub fn root(&self) -> &Node {
        &self.root
    }

    /// The original input.
    pub fn input(&self) -> &'a [u8] {
        self.input
    }

    /// The original bytes of a node.
    pub fn bytes(&self, node: &Node) -> &'a [u8] {
        self.input.get(node.span.range()).unwrap_or_default()
    }

    /// The leaves' bytes concatenated: equal to the input, always.
    pub fn reassemble(&self) -> Vec<u8> {
        self.root
            .leaves()
            .iter()
            .flat_map(|leaf| self.bytes(leaf).iter().copied())
            .collect()
    }

    /// The tree as pretty-printed JSON (the `parse --format json` contract; the same text as
    /// serde_json's pretty form of this `Serialize` value).
    pub fn to_json(&self) -> String {
        let mut out = Vec::new();
        Json {
            layout: JsonLayout::Pretty,
        }
        .node(&mut out, self.input, &self.root, 0, &mut |_| {});
        String::from_utf8_lossy(&out).into_owned()
    }

    /// A readable indented dump: one node per line, `kind line:col start..end`, leaves with
    /// their text escaped.
    pub fn dump(&self) -> String {
        let mut out = String::new();
        self.dump_node(&self.root, 0, &mut out);
        out
    }

    fn dump_node(&self, node: &Node, depth: usize, out: &mut String) {
        dump_node(self.input, node, depth, out, &mut |_| {});
    }
}

/// Appends the dump of `node` (and its children) at `depth` to `out`.
fn dump_node(
    input: &[u8],
    node: &Node,
    depth: usize,
    out: &mut String,
    full: &mut dyn FnMut(&mut String),
) {
    let mut numbers = itoa::Buffer::new();
    out.extend(std::iter::repeat_n(' ', depth * 2));
    out.push_str(node.kind.name());
    out.push(' ');
    out.push_str(numbers.format(node.line));
    out.push(':');
    out.push_str(numbers.format(node.col));
    out.push(' ');
    out.push_str(numbers.format(node.span.start));
    out.push_str("..");
    out.push_str(numbers.format(node.span.end));
    if node.is_leaf() && node.kind != NodeKind::RobotsTxt {
        let bytes = input.get(node.span.range()).unwrap_or_default();
        out.push_str(" \"");
        escape_into(bytes, out, full);
        out.push('"');
    }
    out.push('\n');
    for child in &node.children {
        dump_node(input, child, depth + 1, out, full);
    }
}

/// The root node over `children`.
fn root(source: &Source<'_>, children: Vec<Node>) -> Node {
    Node {
        kind: NodeKind::RobotsTxt,
        span: Span::new(0, source.bytes().len()),
        line: 1,
        col: 1,
        children,
    }
}

/// Calls `child` with each child of the root in order: the byte order mark, one node per line,
/// and the part past the input limit.
fn for_each_child(
    source: &Source<'_>,
    lines: impl Iterator<Item = Line>,
    mut child: impl FnMut(Node),
) {
    if source.bom_len() > 0 {
        child(leaf(
            source,
            NodeKind::Bom,
            Span::new(0, source.bom_len()),
            0,
            1,
        ));
    }
    // The line the ignored part starts on: the read part ends with a line end (or is empty).
    let mut next_line = 1;
    for line in lines {
        next_line = line
            .number
            .saturating_add(u32::from(line.newline.is_some()));
        child(line_node(source, &line));
    }
    if let Some(ignored) = source.ignored() {
        child(leaf(
            source,
            NodeKind::Ignored,
            ignored,
            ignored.start,
            next_line,
        ));
    }
}

/// Writes the tree of `source` as JSON, one root child at a time: pretty-printed exactly as
/// serde_json pretty-prints [`Tree`] ([`Tree::to_json`]), or compact as serde_json writes it.
pub(crate) fn write_json(
    source: &Source<'_>,
    lines: impl Iterator<Item = Line>,
    out: impl io::Write,
    layout: JsonLayout,
) -> io::Result<()> {
    let input = source.bytes();
    let json = Json { layout };
    let mut writer = Chunks::new(out);
    let mut buffer = Vec::with_capacity(FLUSH_AT);
    json.open(&mut buffer, &root(source, Vec::new()), 0);
    buffer.extend_from_slice(b"\"children\":");
    json.space(&mut buffer);
    buffer.push(b'[');
    let mut first = true;
    for_each_child(source, lines, |node| {
        if !first {
            buffer.push(b',');
        }
        first = false;
        json.indent(&mut buffer, 2);
        json.node(&mut buffer, input, &node, 2, &mut |full| {
            writer.hand_over(full)
        });
        writer.hand_over(&mut buffer);
    });
    if !first {
        json.indent(&mut buffer, 1);
    }
    buffer.push(b']');
    json.indent(&mut buffer, 0);
    buffer.push(b'}');
    writer.finish(&buffer)
}

/// A writer fed in chunks: what the buffer holds is written once it is full; the first error
/// is kept and returned at the end.
struct Chunks<W> {
    out: W,
    result: io::Result<()>,
}

impl<W: io::Write> Chunks<W> {
    fn new(out: W) -> Self {
        Chunks {
            out,
            result: Ok(()),
        }
    }

    /// Writes and empties `buffer` once it holds [`FLUSH_AT`] bytes or more.
    fn hand_over(&mut self, buffer: &mut Vec<u8>) {
        if buffer.len() >= FLUSH_AT {
            if self.result.is_ok() {
                self.result = self.out.write_all(buffer);
            }
            buffer.clear();
        }
    }

    /// Writes what is left; the first error, if any.
    fn finish(mut self, rest: &[u8]) -> io::Result<()> {
        self.result?;
        self.out.write_all(rest)
    }
}

/// The constant parts of a node's JSON around its numbers (see [`Json::lay_out`]).
#[derive(Clone, Copy)]
enum Piece {
    Head(NodeKind),
    AfterStart,
    AfterEnd,
    AfterLine,
    AfterCol,
}

/// Node kinds (the head piece is cached per kind).
const KINDS: usize = NodeKind::Ignored as usize + 1;
/// Levels whose pieces are cached (a tree is four levels deep: root 0, lines 2, leaves 4).
const CACHED_LEVELS: usize = 8;
type PieceCache = [[OnceLock<Vec<u8>>; CACHED_LEVELS]; KINDS + 4];
/// The laid-out pieces, compact (`[0]`) and pretty (`[1]`), made on first use.
static PIECES: [PieceCache; 2] =
    [const { [const { [const { OnceLock::new() }; CACHED_LEVELS] }; KINDS + 4] }; 2];

/// Output is handed to the writer in chunks of about this many bytes.
const FLUSH_AT: usize = 1 << 16;

/// The JSON form of nodes, written by hand for speed: serde_json's pretty form (two spaces a
/// level) or its compact form, byte for byte (tests compare both with serde_json's output).
#[derive(Clone, Copy)]
struct Json {
    layout: JsonLayout,
}

/// How JSON is laid out: as serde_json pretty-prints it (two spaces a level) or compact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JsonLayout {
    /// serde_json's pretty form: a line per field, two spaces a level.
    Pretty,
    /// serde_json's compact form: no whitespace.
    Compact,
}

impl Json {
    /// A line break and `level` levels of indentation (pretty form only).
    fn indent(self, out: &mut Vec<u8>, level: usize) {
        const SPACES: &[u8; 64] = &[b' '; 64];
        if self.layout == JsonLayout::Pretty {
            out.push(b'\n');
            match SPACES.get(..level * 2) {
                Some(spaces) => out.extend_from_slice(spaces),
                None => out.extend(std::iter::repeat_n(b' ', level * 2)),
            }
        }
    }

    /// The space after a key's colon (pretty form only).
    fn space(self, out: &mut Vec<u8>) {
        if self.layout == JsonLayout::Pretty {
            out.push(b' ');
        }
    }

    fn key(self, out: &mut Vec<u8>, key: &str, level: usize) {
        self.indent(out, level);
        out.push(b'"');
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(b"\":");
        self.space(out);
    }

    fn number(out: &mut Vec<u8>, n: usize) {
        out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
    }

    /// `{`, then every field before `children`/`text`, each followed by its comma; the next
    /// key is to be written at `level + 1`, after [`Json::indent`].
    fn open(self, out: &mut Vec<u8>, node: &Node, level: usize) {
        self.cached(out, Piece::Head(node.kind), level);
        Json::number(out, node.span.start);
        self.cached(out, Piece::AfterStart, level);
        Json::number(out, node.span.end);
        self.cached(out, Piece::AfterEnd, level);
        Json::number(out, node.line as usize);
        self.cached(out, Piece::AfterLine, level);
        Json::number(out, node.col as usize);
        self.cached(out, Piece::AfterCol, level);
    }

    /// Appends `piece` for a node at `level`, from the cache of pieces already laid out.
    fn cached(self, out: &mut Vec<u8>, piece: Piece, level: usize) {
        let slot = match piece {
            Piece::Head(kind) => kind as usize,
            Piece::AfterStart => KINDS,
            Piece::AfterEnd => KINDS + 1,
            Piece::AfterLine => KINDS + 2,
            Piece::AfterCol => KINDS + 3,
        };
        let cell = PIECES
            .get(usize::from(self.layout == JsonLayout::Pretty))
            .and_then(|pieces| pieces.get(slot))
            .and_then(|levels| levels.get(level));
        match cell {
            Some(cell) => out.extend_from_slice(cell.get_or_init(|| {
                let mut laid_out = Vec::new();
                self.lay_out(&mut laid_out, piece, level);
                laid_out
            })),
            None => self.lay_out(out, piece, level),
        }
    }

    /// The constant text of a node at `level` around its numbers: `{`, `kind` and the opening of
    /// `span` (the head), then what follows the span's start, its end, `line` and `col` (the key
    /// of `children` or `text` is to be written next, indented).
    fn lay_out(self, out: &mut Vec<u8>, piece: Piece, level: usize) {
        match piece {
            Piece::Head(kind) => {
                out.push(b'{');
                self.key(out, "kind", level + 1);
                string(out, kind.name());
                out.push(b',');
                self.key(out, "span", level + 1);
                out.push(b'[');
                self.indent(out, level + 2);
            }
            Piece::AfterStart => {
                out.push(b',');
                self.indent(out, level + 2);
            }
            Piece::AfterEnd => {
                self.indent(out, level + 1);
                out.extend_from_slice(b"],");
                self.key(out, "line", level + 1);
            }
            Piece::AfterLine => {
                out.push(b',');
                self.key(out, "col", level + 1);
            }
            Piece::AfterCol => {
                out.push(b',');
                self.indent(out, level + 1);
            }
        }
    }

    /// A whole node whose `{` is at `level`. A long leaf's text is written in pieces, `out`
    /// handed to `full` after each (which may empty it), so that no leaf is held whole twice.
    fn node(
        self,
        out: &mut Vec<u8>,
        input: &[u8],
        node: &Node,
        level: usize,
        full: &mut dyn FnMut(&mut Vec<u8>),
    ) {
        self.open(out, node, level);
        if node.is_leaf() && node.kind != NodeKind::RobotsTxt {
            let bytes = input.get(node.span.range()).unwrap_or_default();
            out.extend_from_slice(b"\"text\":");
            self.space(out);
            lossy_string(out, bytes, full);
            if std::str::from_utf8(bytes).is_err() {
                use base64::Engine as _;
                out.push(b',');
                self.key(out, "bytes_base64", level + 1);
                out.push(b'"');
                // Whole groups of three bytes per piece: the pieces' encodings concatenate.
                let mut encoded = String::new();
                for piece in bytes.chunks(3 * FLUSH_AT / 4) {
                    encoded.clear();
                    base64::engine::general_purpose::STANDARD.encode_string(piece, &mut encoded);
                    out.extend_from_slice(encoded.as_bytes());
                    full(out);
                }
                out.push(b'"');
            }
        } else {
            out.extend_from_slice(b"\"children\":");
            self.space(out);
            out.push(b'[');
            for (index, child) in node.children.iter().enumerate() {
                if index > 0 {
                    out.push(b',');
                }
                self.indent(out, level + 2);
                self.node(out, input, child, level + 2, full);
            }
            if !node.children.is_empty() {
                self.indent(out, level + 1);
            }
            out.push(b']');
        }
        self.indent(out, level);
        out.push(b'}');
    }
}

/// `bytes` as a JSON string, as serde_json writes `String::from_utf8_lossy(bytes)`: every
/// sequence that is not UTF-8 is one U+FFFD. Written in pieces, `out` handed to `full` after each.
fn lossy_string(out: &mut Vec<u8>, bytes: &[u8], full: &mut dyn FnMut(&mut Vec<u8>)) {
    out.push(b'"');
    for chunk in bytes.utf8_chunks() {
        for piece in chunk.valid().as_bytes().chunks(FLUSH_AT) {
            // UTF-8 continuation bytes never need escaping: cutting inside a character is fine.
            escape_json(out, piece);
            full(out);
        }
        if !chunk.invalid().is_empty() {
            out.extend_from_slice("\u{FFFD}".as_bytes());
        }
    }
    out.push(b'"');
}

/// A JSON string, escaped as serde_json escapes it.
fn string(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    escape_json(out, text.as_bytes());
    out.push(b'"');
}

/// UTF-8 bytes escaped for a JSON string as serde_json escapes them.
fn escape_json(out: &mut Vec<u8>, mut bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    // Runs that need no escaping are copied whole.
    while let Some(at) = bytes
        .iter()
        .position(|&b| b < 0x20 || b == b'"' || b == b'\\')
    {
        let (plain, rest) = bytes.split_at(at);
        out.extend_from_slice(plain);
        let Some((&byte, rest)) = rest.split_first() else {
            return;
        };
        bytes = rest;
        match byte {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            0x00..=0x1F => {
                out.extend_from_slice(b"\\u00");
                out.extend(HEX.get(usize::from(byte >> 4)));
                out.extend(HEX.get(usize::from(byte & 0x0F)));
            }
            _ => out.push(byte),
        }
    }
    out.extend_from_slice(bytes);
}

/// Writes the tree of `source` as the indented dump of [`Tree::dump`], one line at a time.
pub(crate) fn write_dump(
    source: &Source<'_>,
    lines: impl Iterator<Item = Line>,
    mut out: impl io::Write,
) -> io::Result<()> {
    let input = source.bytes();
    let mut text = String::new();
    let mut result = Ok(());
    let mut hand_over = |text: &mut String| {
        if text.len() >= FLUSH_AT {
            if result.is_ok() {
                result = out.write_all(text.as_bytes());
            }
            text.clear();
        }
    };
    dump_node(
        input,
        &root(source, Vec::new()),
        0,
        &mut text,
        &mut hand_over,
    );
    for_each_child(source, lines, |node| {
        dump_node(input, &node, 1, &mut text, &mut hand_over);
        hand_over(&mut text);
    });
    result?;
    out.write_all(text.as_bytes())
}

impl fmt::Display for Tree<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.dump())
    }
}

/// Escapes bytes for the dump: Rust-style escapes for control and quote characters, `\xNN`
/// for bytes that are not UTF-8.
pub(crate) fn escape(bytes: &[u8]) -> String {
    let mut out = String::new();
    escape_into(bytes, &mut out, &mut |_| {});
    out
}

/// [`escape`], appended to `out` in pieces, `out` handed to `full` after each.
fn escape_into(bytes: &[u8], out: &mut String, full: &mut dyn FnMut(&mut String)) {
    for chunk in bytes.utf8_chunks() {
        let mut valid = chunk.valid();
        while valid.len() > FLUSH_AT {
            let cut = (0..=FLUSH_AT)
                .rev()
                .find(|&at| valid.is_char_boundary(at))
                .unwrap_or(valid.len());
            let (piece, rest) = valid.split_at(cut);
            escape_str(piece, out);
            full(out);
            valid = rest;
        }
        escape_str(valid, out);
        for byte in chunk.invalid() {
            let _ = write!(out, "\\x{byte:02X}");
        }
    }
}

/// Valid text escaped as the dump escapes it.
fn escape_str(valid: &str, out: &mut String) {
    if valid
        .bytes()
        .all(|b| (b.is_ascii_graphic() && !matches!(b, b'"' | b'\\' | b'\'')) || b == b' ')
    {
        out.push_str(valid);
    } else {
        out.extend(valid.chars().flat_map(char::escape_debug));
    }
}

fn line_node(source: &Source<'_>, line: &Line) -> Node {
    let mut parts: Vec<(NodeKind, Span)> = Vec::with_capacity(6);
    match line.body {
        LineBody::Blank | LineBody::Comment => {}
        LineBody::Entry(entry) => {
            parts.push((NodeKind::Key, entry.key));
            parts.extend(entry.colon.map(|c| (NodeKind::Colon, c)));
            parts.extend(entry.value.map(|v| (NodeKind::Value, v)));
        }
        LineBody::Invalid { text } => parts.push((NodeKind::Text, text)),
    }
    parts.extend(line.comment.map(|c| (NodeKind::Comment, c)));

    let mut children = Vec::with_capacity(parts.len() * 2 + 1);
    let mut at = line.content.start;
    for (kind, span) in parts {
        if span.start > at {
            children.push(leaf(
                source,
                NodeKind::Whitespace,
                Span::new(at, span.start),
                line.content.start,
                line.number,
            ));
        }
        children.push(leaf(source, kind, span, line.content.start, line.number));
        at = span.end;
    }
    if line.content.end > at {
        children.push(leaf(
            source,
            NodeKind::Whitespace,
            Span::new(at, line.content.end),
            line.content.start,
            line.number,
        ));
    }
    if let Some(newline) = line.newline {
        children.push(leaf(
            source,
            NodeKind::Newline,
            newline,
            line.content.start,
            line.number,
        ));
    }
    Node {
        kind: line_kind(line),
        span: line.span(),
        line: line.number,
        col: 1,
        children,
    }
}

fn line_kind(line: &Line) -> NodeKind {
    match line.body {
        LineBody::Blank => NodeKind::BlankLine,
        LineBody::Comment => NodeKind::CommentLine,
        LineBody::Invalid { .. } => NodeKind::InvalidLine,
        LineBody::Entry(entry) => match entry.directive {
            Directive::UserAgent => NodeKind::UserAgentLine,
            Directive::Allow => NodeKind::AllowLine,
            Directive::Disallow => NodeKind::DisallowLine,
            Directive::Sitemap => NodeKind::SitemapLine,
            Directive::Other if entry.extension.is_some() => NodeKind::ExtensionLine,
            Directive::Other => NodeKind::RecordLine,
        },
    }
}

fn leaf(source: &Source<'_>, kind: NodeKind, span: Span, line_start: usize, line: u32) -> Node {
    Node {
        kind,
        span,
        line: line.max(1),
        col: source.column(line_start, span.start),
        children: Vec::new(),
    }
}

/// A node serialised with access to the input, for the leaves' text.
struct NodeJson<'t> {
    input: &'t [u8],
    node: &'t Node,
}

impl Serialize for Tree<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        NodeJson {
            input: self.input,
            node: &self.root,
        }
        .serialize(serializer)
    }
}

impl Serialize for NodeJson<'_> {
    /// `{kind, span, line, col, children}` for inner nodes, `{kind, span, line, col, text}` for
    /// leaves; a leaf whose bytes are not UTF-8 also carries `bytes_base64`, the exact bytes.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let node = self.node;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("kind", &node.kind)?;
        map.serialize_entry("span", &node.span)?;
        map.serialize_entry("line", &node.line)?;
        map.serialize_entry("col", &node.col)?;
        if node.is_leaf() && node.kind != NodeKind::RobotsTxt {
            let bytes = self.input.get(node.span.range()).unwrap_or_default();
            map.serialize_entry("text", &String::from_utf8_lossy(bytes))?;
            if std::str::from_utf8(bytes).is_err() {
                use base64::Engine as _;
                let encoded = base64::engine::general_purpose::STANDARD.encode(bytes);
                map.serialize_entry("bytes_base64", &encoded)?;
            }
        } else {
            map.serialize_entry("children", &Children(self))?;
        }
        map.end()
    }
}

struct Children<'j, 't>(&'j NodeJson<'t>);

impl Serialize for Children<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let children = &self.0.node.children;
        let mut seq = serializer.serialize_seq(Some(children.len()))?;
        for node in children {
            seq.serialize_element(&NodeJson {
                input: self.0.input,
                node,
            })?;
        }
        seq.end()
    }
}
