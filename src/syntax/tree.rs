//! The lossless parse tree: owned nodes over byte spans of the original input.
//!
//! The tree has three levels: the file, its lines, and the leaves of each line. Every input byte
//! lies in exactly one leaf, so concatenating the leaves' bytes in order gives the input back,
//! for any input. The tree is derived from the [`Line`]s on demand; it is for people and tools
//! (JSON, snapshots), while the later stages read the lines directly.

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use std::fmt::{self, Write as _};

use super::lines::{Line, LineBody};
use crate::source::{Source, Span};
use crate::variant::Directive;

/// What a node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    /// The whole file (root).
    RobotsTxt,
    /// A line holding only whitespace, or nothing.
    BlankLine,
    /// A line holding only a comment.
    CommentLine,
    /// `user-agent: …`
    UserAgentLine,
    /// `allow: …`
    AllowLine,
    /// `disallow: …`
    DisallowLine,
    /// `sitemap: …`
    SitemapLine,
    /// Any other `key: value` record (crawl-delay, host, …).
    RecordLine,
    /// A line the grammar cannot read.
    InvalidLine,
    /// Leaf: a byte order mark at the start of the file (possibly truncated).
    Bom,
    /// Leaf: spaces and tabs.
    Whitespace,
    /// Leaf: a record's key.
    Key,
    /// Leaf: the `:` after a key.
    Colon,
    /// Leaf: a record's value.
    Value,
    /// Leaf: `#` to the end of the line.
    Comment,
    /// Leaf: the content of an invalid line.
    Text,
    /// Leaf: CR LF, CR or LF.
    Newline,
    /// Leaf: the input past [`Limits::input_bytes`](crate::Limits::input_bytes), not read.
    Ignored,
}

impl NodeKind {
    /// The snake_case name used in JSON and in the dump.
    pub fn name(self) -> &'static str {
        match self {
            NodeKind::RobotsTxt => "robots_txt",
            NodeKind::BlankLine => "blank_line",
            NodeKind::CommentLine => "comment_line",
            NodeKind::UserAgentLine => "user_agent_line",
            NodeKind::AllowLine => "allow_line",
            NodeKind::DisallowLine => "disallow_line",
            NodeKind::SitemapLine => "sitemap_line",
            NodeKind::RecordLine => "record_line",
            NodeKind::InvalidLine => "invalid_line",
            NodeKind::Bom => "bom",
            NodeKind::Whitespace => "whitespace",
            NodeKind::Key => "key",
            NodeKind::Colon => "colon",
            NodeKind::Value => "value",
            NodeKind::Comment => "comment",
            NodeKind::Text => "text",
            NodeKind::Newline => "newline",
            NodeKind::Ignored => "ignored",
        }
    }
}

/// A node of the parse tree. A node without children is a leaf.
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
    pub(crate) fn build(source: &Source<'a>, lines: &[Line]) -> Self {
        let input = source.bytes();
        let mut children = Vec::with_capacity(lines.len() + 1);
        if source.bom_len() > 0 {
            children.push(leaf(
                source,
                NodeKind::Bom,
                Span::new(0, source.bom_len()),
                0,
                1,
            ));
        }
        children.extend(lines.iter().map(|line| line_node(source, line)));
        if let Some(ignored) = source.ignored() {
            // The read part ends with a line end (or is empty): the ignored part starts a line.
            let line = lines.last().map_or(1, |l| {
                l.number.saturating_add(u32::from(l.newline.is_some()))
            });
            children.push(leaf(
                source,
                NodeKind::Ignored,
                ignored,
                ignored.start,
                line,
            ));
        }
        let root = Node {
            kind: NodeKind::RobotsTxt,
            span: Span::new(0, input.len()),
            line: 1,
            col: 1,
            children,
        };
        Tree { input, root }
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

    /// The tree as pretty-printed JSON (the `parse --format json` contract).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// A readable indented dump: one node per line, `kind line:col start..end`, leaves with
    /// their text escaped.
    pub fn dump(&self) -> String {
        let mut out = String::new();
        self.dump_node(&self.root, 0, &mut out);
        out
    }

    fn dump_node(&self, node: &Node, depth: usize, out: &mut String) {
        let _ = write!(
            out,
            "{:indent$}{} {}:{} {}..{}",
            "",
            node.kind.name(),
            node.line,
            node.col,
            node.span.start,
            node.span.end,
            indent = depth * 2
        );
        if node.is_leaf() && node.kind != NodeKind::RobotsTxt {
            let _ = write!(out, " \"{}\"", escape(self.bytes(node)));
        }
        out.push('\n');
        for child in &node.children {
            self.dump_node(child, depth + 1, out);
        }
    }
}

impl fmt::Display for Tree<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.dump())
    }
}

/// Escapes bytes for the dump: Rust-style escapes for control and quote characters, `\xNN`
/// for bytes that are not UTF-8.
pub fn escape(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        out.extend(chunk.valid().chars().flat_map(char::escape_debug));
        for byte in chunk.invalid() {
            let _ = write!(out, "\\x{byte:02X}");
        }
    }
    out
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
struct NodeJson<'t, 'a> {
    tree: &'t Tree<'a>,
    node: &'t Node,
}

impl Serialize for Tree<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        NodeJson {
            tree: self,
            node: &self.root,
        }
        .serialize(serializer)
    }
}

impl Serialize for NodeJson<'_, '_> {
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
            let bytes = self.tree.bytes(node);
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

struct Children<'j, 't, 'a>(&'j NodeJson<'t, 'a>);

impl Serialize for Children<'_, '_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let children = &self.0.node.children;
        let mut seq = serializer.serialize_seq(Some(children.len()))?;
        for node in children {
            seq.serialize_element(&NodeJson {
                tree: self.0.tree,
                node,
            })?;
        }
        seq.end()
    }
}
