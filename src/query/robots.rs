//! [`Robots`], the public face of a parsed file: how it is parsed, the model it keeps, what the
//! reading found, and the selection engine (`selection.rs`) built beside the model. The
//! answers it gives (verdicts, explanations, usage) are built in `verdict.rs` and `usage.rs`,
//! which read it and ask the engine; it reads neither.

use super::selection::Selector;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{self, Group, Model, ModelBuilder, Record, Rule, Sitemap};
use crate::source::Source;
use crate::syntax::{self, Mode, ParseOptions, Parsed, StrictError};
use crate::variant::Profile;

/// A parsed robots.txt file, ready to answer queries: parse once, ask many times, and know why.
///
/// It keeps what answers need (the model), not the input; each group's rules answer their first
/// queries by being tested one by one and are compiled into one matcher once that has cost as
/// much as compiling them would, or at once for many URLs asked together. It is
/// `Send + Sync`: share it between threads.
/// Serialised (`serde`), it is a summary of the file as the variant reads it.
///
/// ```
/// use robotspec::{AgentQuery, Decision, Robots, Variant};
///
/// let robots = Robots::parse(
///     b"User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\n\nSitemap: https://example.com/s.xml\n",
///     Variant::Google,
/// );
/// let verdict = robots.check("FooBot", "https://example.com/private/x?y=1");
/// assert!(!verdict.allowed());
/// assert_eq!(verdict.decision(), Decision::Rule);
/// assert_eq!(verdict.rule().map(|r| r.line()), Some(2));
/// assert_eq!(verdict.to_string(), "disallowed by line 2: Disallow: /private [group for `foobot` at line 1]");
/// assert!(robots.is_allowed("FooBot", "/private/ok"));
/// assert!(robots.is_allowed("OtherBot", "/private/x"));
/// // A crawler known by several tokens, most specific first.
/// let query = AgentQuery::read("FooBot-Image,FooBot").unwrap();
/// assert!(!robots.check_query(&query, "/private/x").allowed());
/// assert_eq!(robots.sitemaps().next().map(|s| s.url), Some(&b"https://example.com/s.xml"[..]));
/// let summary = serde_json::to_value(&robots).unwrap();
/// assert_eq!(summary["groups"][0]["rules"][1]["kind"], "allow");
/// ```
#[derive(Debug)]
pub struct Robots {
    pub(super) options: ParseOptions,
    pub(crate) model: Model,
    diagnostics: Vec<Diagnostic>,
    pub(super) selector: Selector,
}

impl Robots {
    /// Parses `input` as `profile` (a [`Variant`](crate::Variant) or a composed [`Profile`]) the way a crawler
    /// reads it: leniently (Postel's law: never fails), with [`ParseOptions::for_verdicts`],
    /// which runs no grammar check, so [`Robots::diagnostics`] holds only what a limit cut
    /// ([`Collect::Limits`](crate::Collect::Limits)). For every finding, or strict mode, use
    /// [`Robots::parse_with`].
    pub fn parse(input: &[u8], profile: impl Into<Profile>) -> Robots {
        Robots::parse_lenient(input, profile.into(), &ParseOptions::for_verdicts())
    }

    /// Parses `input` as `profile` with `options` (mode, limits, what to collect), in one pass
    /// over it: use it where the options are settings, and [`Robots::parse`] where a crawler's
    /// defaults do.
    ///
    /// # Errors
    /// Only in strict mode: a [`StrictError`] when the file does not conform to the variant's
    /// grammar or when a [limit](crate::Limits) left part of it out.
    pub fn parse_with(
        input: &[u8],
        profile: impl Into<Profile>,
        options: &ParseOptions,
    ) -> Result<Robots, StrictError> {
        let profile = profile.into();
        let (model, concluded) = read_model(input, &profile, options);
        Ok(Robots::new(profile, options, model, concluded?))
    }

    /// The lenient reading with `options`' limits and collection, whatever mode they name: it
    /// cannot fail.
    pub(crate) fn parse_lenient(input: &[u8], profile: Profile, options: &ParseOptions) -> Robots {
        let options = options.with_mode(Mode::Lenient);
        let (model, concluded) = read_model(input, &profile, &options);
        let diagnostics = concluded.unwrap_or_else(StrictError::into_diagnostics);
        Robots::new(profile, &options, model, diagnostics)
    }

    /// [`Robots::parse_lenient`] of each reading, each a profile and its options, in their
    /// order: the readings that read the input alike read it in one pass (`read_models`).
    pub(crate) fn parse_lenient_each(
        input: &[u8],
        readings: &[(Profile, ParseOptions)],
    ) -> Vec<Robots> {
        let readings: Vec<(Profile, ParseOptions)> = readings
            .iter()
            .map(|(profile, options)| (*profile, options.with_mode(Mode::Lenient)))
            .collect();
        let models = read_models(input, &readings);
        let read = models.into_iter().zip(&readings);
        read.map(|((model, concluded), (profile, options))| {
            let diagnostics = concluded.unwrap_or_else(StrictError::into_diagnostics);
            Robots::new(*profile, options, model, diagnostics)
        })
        .collect()
    }

    /// Builds the queryable object from a parsed file (with the options it was parsed with and
    /// its diagnostics; what the model's limits cut is not added to them).
    pub fn from_parsed(parsed: &Parsed<'_>) -> Robots {
        Robots::new(
            *parsed.profile(),
            parsed.options(),
            model::build(parsed),
            parsed.diagnostics().to_vec(),
        )
    }

    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn new(
        profile: Profile,
        options: &ParseOptions,
        model: Model,
        diagnostics: Vec<Diagnostic>,
    ) -> Robots {
        let selector = Selector::of(&model, profile, options.limits.matcher);
        Robots {
            options: *options,
            model,
            diagnostics,
            selector,
        }
    }

    /// The reading the file was read with: its variant, with the settings changed, if any.
    pub fn profile(&self) -> &Profile {
        self.selector.profile()
    }

    /// Groups in file order.
    pub fn groups(&self) -> impl ExactSizeIterator<Item = Group<'_>> + '_ {
        self.model.groups()
    }

    /// Every rule, in file order.
    pub fn rules(&self) -> impl ExactSizeIterator<Item = Rule<'_>> + '_ {
        self.model.rules()
    }

    /// Sitemap URLs, in file order.
    pub fn sitemaps(&self) -> impl ExactSizeIterator<Item = Sitemap<'_>> + '_ {
        self.model.sitemaps()
    }

    /// Other `key: value` records (crawl-delay, host, …), in file order.
    pub fn records(&self) -> impl ExactSizeIterator<Item = Record<'_>> + '_ {
        self.model.records()
    }

    /// The records that belong to the file rather than a group: those outside every group,
    /// and the file-scoped extensions (`host`, …) wherever they are written.
    pub fn file_records(&self) -> impl Iterator<Item = Record<'_>> + '_ {
        self.model.file_records()
    }

    /// Lines of the rules that belong to no group, and are therefore ignored: rules before the
    /// first `user-agent` line, or (1994, 1996) after the blank line that ends a record.
    pub fn ignored_rules(&self) -> &[u32] {
        self.model.orphan_rules()
    }

    /// The options the file was read with.
    pub fn options(&self) -> &ParseOptions {
        &self.options
    }

    /// What the reading found, in input order: the grammar checks' findings (unless
    /// [`ParseOptions::collect`] asked for the limits only) and every place where a limit left
    /// something out. Warnings in lenient mode.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Removes and returns the access stage's `size-limit` finding, if its size limit cut the
    /// body: it is the access stage's, not the file's.
    pub(crate) fn take_size_limit(&mut self) -> Option<Diagnostic> {
        let at = self
            .diagnostics
            .iter()
            .position(|d| d.code == Code::SizeLimit)?;
        Some(self.diagnostics.remove(at))
    }

    /// Heap memory held by the model and the agent index, in bytes (compiled matchers, which
    /// are built on first use, not included).
    pub fn memory_usage(&self) -> usize {
        self.model.memory_usage()
            + self.selector.memory_usage()
            + self.diagnostics.capacity() * std::mem::size_of::<Diagnostic>()
    }
}

/// The one pass over `input`, each line read, checked and handed to the model: the model, and
/// the reading's conclusion in `options`' mode.
#[cfg_attr(robotspec_hot_paths, optimize(speed))]
fn read_model(input: &[u8], profile: &Profile, options: &ParseOptions) -> ReadModel {
    let source = syntax::source_of(input, profile, options);
    let mut builder = ModelBuilder::new(&source, profile, options);
    let mut findings = syntax::read(&source, profile, options, |line, findings| {
        builder.line(line, findings.place());
    });
    let model = builder.finish(Some(&mut findings));
    let concluded = syntax::conclude(&source, profile, findings, options.mode());
    (model, concluded)
}

/// [`read_model`] of each reading, each a profile and its options, in their order. The
/// readings that read the input alike — with the same options, so within the same input
/// limit — read one source, in one pass (`syntax::read_each`): each line is shaped once, and
/// read, checked and handed to its model by each reading. Readings of the byte order mark
/// differ only where the input starts with a truncated mark that begins a character (which
/// Google's reading skips and the others read as the character). [`read_model`] stays the one
/// reading's pass: a crawler's parse pays for no list of readings.
fn read_models(input: &[u8], readings: &[(Profile, ParseOptions)]) -> Vec<ReadModel> {
    if let [(profile, options)] = readings {
        return vec![read_model(input, profile, options)];
    }
    let mut read: Vec<Option<ReadModel>> = readings.iter().map(|_| None).collect();
    for (first, (profile, options)) in readings.iter().enumerate() {
        if read.get(first).is_none_or(Option::is_some) {
            continue;
        }
        let source = syntax::source_of(input, profile, options);
        let reads_alike = |(other, other_options): &(Profile, ParseOptions)| {
            other_options == options && source.reads_mark_as(other.byte_order_mark)
        };
        let alike: Vec<usize> = (first..readings.len())
            .filter(|&i| read.get(i).is_some_and(Option::is_none))
            .filter(|&i| readings.get(i).is_some_and(reads_alike))
            .collect();
        let group: Vec<Profile> = alike
            .iter()
            .filter_map(|&i| readings.get(i).map(|(profile, _)| *profile))
            .collect();
        for (i, model) in alike.into_iter().zip(read_alike(&source, &group, options)) {
            if let Some(slot) = read.get_mut(i) {
                *slot = Some(model);
            }
        }
    }
    read.into_iter().flatten().collect()
}

/// The models of `profiles`, which all read `source`, in one pass.
fn read_alike(source: &Source<'_>, profiles: &[Profile], options: &ParseOptions) -> Vec<ReadModel> {
    let mut builders: Vec<ModelBuilder> = profiles
        .iter()
        .map(|profile| ModelBuilder::new(source, profile, options))
        .collect();
    let findings = syntax::read_each(source, profiles, options, |index, line, findings| {
        if let Some(builder) = builders.get_mut(index) {
            builder.line(line, findings.place());
        }
    });
    let each = profiles.iter().zip(builders).zip(findings);
    each.map(|((profile, builder), mut findings)| {
        let model = builder.finish(Some(&mut findings));
        (
            model,
            syntax::conclude(source, profile, findings, options.mode()),
        )
    })
    .collect()
}

/// A reading's model, and its conclusion in the options' mode.
type ReadModel = (Model, Result<Vec<Diagnostic>, StrictError>);

impl serde::Serialize for Robots {
    /// A summary of the file as the variant reads it: `{"variant", "groups": [Group…],
    /// "sitemaps": [Sitemap…], "records": [Record…] (those of the file: [`Robots::file_records`]),
    /// "ignored_rules": [line…], "diagnostics": [Diagnostic…]}`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let groups: Vec<Group<'_>> = self.groups().collect();
        let sitemaps: Vec<Sitemap<'_>> = self.sitemaps().collect();
        let records: Vec<Record<'_>> = self.file_records().collect();
        let mut s = serializer.serialize_struct("Robots", 6)?;
        s.serialize_field("variant", self.profile())?;
        s.serialize_field("groups", &groups)?;
        s.serialize_field("sitemaps", &sitemaps)?;
        s.serialize_field("records", &records)?;
        s.serialize_field("ignored_rules", self.ignored_rules())?;
        s.serialize_field("diagnostics", &self.diagnostics)?;
        s.end()
    }
}
