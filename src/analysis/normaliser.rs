//! A reading's target normalisation as a finite-state transducer over request-path bytes.
//!
//! The analysis asks about raw request paths, as a client sends them, while the rules are
//! matched against the target *as the reading compares it* (`Robots` normalises it with
//! `normalise_target` under `rfc9309`, `rep-draft-2019` and `draft-1996`; `google` and
//! `convention-1994` compare it as given). Every normalisation the readings use reads the target
//! left to right in pieces: a `%` followed by two hex digits is one piece (an escape), every
//! other byte a piece of its own, and each piece is rewritten on its own. So a transducer that
//! holds back at most a `%` and one hex digit — the start of a piece that may still become an
//! escape — and hands every finished piece to `normalise_target` itself produces exactly the
//! normalised target, a few bytes at a time. Nothing here restates a normalisation:
//! `normalise_target` stays its one definition (and a property test holds the transducer to it
//! on whole strings).

use std::sync::OnceLock;

use super::paths::{byte_order, Paths};
use crate::pattern::normalise_target;
use crate::variant::{Profile, TargetEncoding};
use crate::vocab::pattern::PatternEncoding;

/// The hex digits a held-back `%h` may hold, as written (a digit that is not part of an escape
/// is written back as it came).
const HEX_DIGITS: &[u8; 22] = b"0123456789abcdefABCDEF";

/// What the transducer holds back: nothing (0), a `%` (1), or a `%` and the hex digit
/// `HEX_DIGITS[n - 2]` (n ≥ 2).
pub(super) type Pending = u8;

/// Whether `pending` holds a `%` and a hex digit: the next byte decides whether they are an
/// escape.
pub(super) fn holds_digit(pending: Pending) -> bool {
    pending >= 2
}

/// The bytes that complete an escape after `%` and one hex digit.
pub(super) const ESCAPE_DIGITS: &[u8] = HEX_DIGITS;

/// How many values a [`Pending`] can take.
pub(super) const PENDING_STATES: usize = 2 + HEX_DIGITS.len();

/// What reading one byte does: the normalised bytes it finishes, and what is then held back.
#[derive(Debug, Clone, Default)]
pub(super) struct Step {
    pub(super) out: Box<[u8]>,
    pub(super) next: Pending,
}

/// Every step of one normalisation: `steps[pending][byte]`, and `ends[pending]` for the end of
/// the path; and, to find inputs for an output, `writing[pending][b]`: the bytes whose step
/// writes `b` first or nothing at all (`b` = 256: only those that write nothing), ascending.
struct Table {
    steps: Vec<[Step; 256]>,
    ends: Vec<Step>,
    writing: Vec<Vec<Vec<u8>>>,
    /// [`Normaliser::surplus`].
    surplus: Option<Vec<[u8; 2]>>,
    /// `writers[b]`: the bytes whose step with nothing held back writes `b` alone and holds
    /// nothing back, ascending — when every step that writes two bytes or more writes a `%`
    /// (else `None`): [`byte_for_byte`].
    writers: Option<Vec<Vec<u8>>>,
}

/// The target normalisation of one reading.
#[derive(Clone, Copy)]
pub(super) struct Normaliser {
    /// `None`: the reading compares targets as given.
    table: Option<&'static Table>,
}

impl Normaliser {
    /// The normalisation `profile` applies to targets.
    pub(super) fn of(profile: &Profile) -> Normaliser {
        let table = match profile.target_encoding {
            TargetEncoding::AsGiven => None,
            TargetEncoding::AsPatterns => Some(table(profile.pattern_encoding)),
        };
        Normaliser { table }
    }

    /// Reads `byte` with `pending` held back: the bytes finished and what is held back now.
    /// `out` is appended to.
    pub(super) fn step(&self, pending: Pending, byte: u8, out: &mut Vec<u8>) -> Pending {
        match self.table {
            None => {
                out.push(byte);
                0
            }
            Some(table) => {
                let step = table
                    .steps
                    .get(usize::from(pending))
                    .and_then(|row| row.get(usize::from(byte)));
                step.map_or(0, |step| {
                    out.extend_from_slice(&step.out);
                    step.next
                })
            }
        }
    }

    /// The end of the path: the bytes still held back, normalised.
    pub(super) fn finish(&self, pending: Pending, out: &mut Vec<u8>) {
        if let Some(step) = self
            .table
            .and_then(|table| table.ends.get(usize::from(pending)))
        {
            out.extend_from_slice(&step.out);
        }
    }

    /// `input` normalised.
    pub(super) fn normalise(&self, input: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(input.len());
        let pending = input
            .iter()
            .fold(0, |pending, &byte| self.step(pending, byte, &mut out));
        self.finish(pending, &mut out);
        out
    }

    /// Whether `target` is a request path of `paths` — a `/` first, then bytes `paths` holds —
    /// whose normalisation is `target` itself: then a request path has it as its target, and
    /// the reading decides every such path as it decides `target`. Not always the smallest
    /// such path ([`Normaliser::preimage`] finds that), but a check of its length where only
    /// whether one exists matters.
    pub(super) fn is_own_preimage(&self, target: &[u8], paths: Paths) -> bool {
        let fits = target.first() == Some(&b'/') && target.iter().skip(1).all(|&b| paths.holds(b));
        fits && (self.table.is_none() || self.normalise(target) == target)
    }

    /// The shortest input, and the smallest among the shortest in the order witnesses are
    /// smallest in (`paths::witness_order`), whose normalisation is exactly `target`: a `/`
    /// first, then bytes `paths` holds. `None` when there is none.
    pub(super) fn preimage(&self, target: &[u8], paths: Paths) -> Option<String> {
        let Some(table) = self.table else {
            // Compared as given: the target is its own input, if it is one.
            let own = self.is_own_preimage(target, paths);
            return own.then(|| String::from_utf8_lossy(target).into_owned());
        };
        if let Some(input) = byte_for_byte(table, target, paths) {
            return Some(input);
        }
        // A target that is its own request path and no shorter one can write
        // (`least_request`): each piece is written by itself, the smallest way to write it.
        let own = self.is_own_preimage(target, paths);
        if own && self.least_request(target) == Some(target.len()) {
            return Some(String::from_utf8_lossy(target).into_owned());
        }
        self.search_preimage(table, target, paths)
    }

    /// [`Normaliser::preimage`] by a search of the inputs, shortest first.
    fn search_preimage(&self, table: &Table, target: &[u8], paths: Paths) -> Option<String> {
        // A search over (bytes of `target` written, what is held back, bytes read: 0, 1, 2+),
        // shortest input first, bytes in the order witnesses are smallest in: the first state
        // that can finish `target` was reached by the input wanted.
        let states = (target.len() + 1) * PENDING_STATES * 3;
        let index = |written: usize, pending: Pending, read: u8| {
            (written * PENDING_STATES + usize::from(pending)) * 3 + usize::from(read)
        };
        let mut seen = vec![false; states];
        let mut queue: Vec<((usize, Pending, u8), usize, u8)> = vec![((0, 0, 0), 0, 0)];
        if let Some(start) = seen.get_mut(0) {
            *start = true;
        }
        let mut out = Vec::new();
        let mut next = 0;
        while let Some(&((written, pending, read), _, _)) = queue.get(next) {
            if read > 0 {
                out.clear();
                self.finish(pending, &mut out);
                if target.get(written..) == Some(&out[..]) {
                    return Some(input_of(&queue, next));
                }
            }
            let wanted = target.get(written).copied();
            let tried = in_witness_order(read, candidates(table, pending, wanted));
            for byte in tried.filter(|&b| if read == 0 { b == b'/' } else { paths.holds(b) }) {
                out.clear();
                let held = self.step(pending, byte, &mut out);
                let rest = target.get(written..).unwrap_or_default();
                if !rest.starts_with(&out) {
                    continue;
                }
                let state = (written + out.len(), held, read.saturating_add(1).min(2));
                let Some(mark) = seen.get_mut(index(state.0, state.1, state.2)) else {
                    continue;
                };
                if *mark {
                    continue;
                }
                // Whether a state can go on depends on the state alone: asked once, when it is
                // first reached.
                *mark = true;
                if self.can_go_on(table, held, rest.get(out.len()..).unwrap_or_default()) {
                    queue.push((state, next, byte));
                }
            }
            next += 1;
        }
        None
    }

    /// Whether an input holding `held` back can still write exactly `rest`: some byte goes on
    /// with it, or ending there writes it. The search keeps only such states — on a long target
    /// the others (a `%` and a hex digit held where no escape they begin writes the next byte)
    /// would multiply what it holds by the 24 ways of holding bytes back.
    fn can_go_on(&self, table: &Table, held: Pending, rest: &[u8]) -> bool {
        if candidates(table, held, rest.first().copied())
            .next()
            .is_some()
        {
            return true;
        }
        let mut out = Vec::new();
        self.finish(held, &mut out);
        out == rest
    }

    /// Where a path writes more normalised bytes than it reads request bytes (counting the
    /// bytes held back as read when they are written, [`Normaliser::held_count`]): the `XY` of
    /// escapes `%XY` written for a single byte — RFC 9309 writes a lone `%` as `%25`, a `$` as
    /// `%24` — at most two more bytes for each `%` written, and these are the `XY` that may
    /// follow such a `%`. Empty: a path writes at most what it reads (Google's reading and the
    /// 1994 one compare paths as given; the 1996 draft decodes escapes). `None` when the steps
    /// fit neither; then no bound in request bytes is known.
    pub(super) fn surplus(&self) -> Option<&'static [[u8; 2]]> {
        match self.table {
            None => Some(&[]),
            Some(table) => table.surplus.as_deref(),
        }
    }

    /// The fewest request bytes that write `target`'s pieces — each escape `%XY` and each
    /// other byte: one for a byte a request path holds, three for one it holds only
    /// percent-encoded (a space, a byte past ASCII: where the reading decodes escapes), one for
    /// an escape a single byte is written as ([`Normaliser::surplus`]: RFC 9309 writes `$` as
    /// `%24`), three for any other escape. A
    /// request path writes each piece of its target with a piece of its own (a byte, or an
    /// escape), so none whose target is `target` is shorter, and one whose target holds these
    /// pieces and more pieces besides is longer. `None` where the steps fit no such count.
    pub(super) fn least_request(&self, target: &[u8]) -> Option<usize> {
        let surplus = self.surplus()?;
        let mut count = 0;
        let mut rest = target;
        while let Some((&first, after)) = rest.split_first() {
            let escape = match after {
                [x, y, ..] if first == b'%' && x.is_ascii_hexdigit() && y.is_ascii_hexdigit() => {
                    Some([*x, *y])
                }
                _ => None,
            };
            (count, rest) = match escape {
                Some(xy) if surplus.contains(&xy) => {
                    (count + 1, after.get(2..).unwrap_or_default())
                }
                Some(_) => (count + 3, after.get(2..).unwrap_or_default()),
                None if Paths::All.holds(first) => (count + 1, after),
                None => (count + 3, after),
            };
        }
        Some(count)
    }

    /// How many request bytes `pending` holds back.
    pub(super) fn held_count(&self, pending: Pending) -> usize {
        // As `held` holds them, without making them: asked for every node of a search.
        usize::from(pending.min(2))
    }

    /// How many [`Pending`] values this normalisation uses.
    pub(super) fn pending_states(&self) -> usize {
        match self.table {
            None => 1,
            Some(_) => PENDING_STATES,
        }
    }
}

/// The bytes that, read with `pending` held back, write `first` first or write nothing,
/// ascending: the only ones that can continue an input whose output goes on with `first`.
fn candidates(
    table: &Table,
    pending: Pending,
    first: Option<u8>,
) -> impl Iterator<Item = u8> + Clone + '_ {
    let at = first.map_or(256, usize::from);
    let row = table.writing.get(usize::from(pending));
    row.and_then(|row| row.get(at))
        .into_iter()
        .flatten()
        .copied()
}

/// `ascending`, the bytes that may stand at position `at` of an input, in the order witnesses
/// are smallest in there (`paths::byte_order`): a `/` right after the leading one comes last.
fn in_witness_order(
    at: u8,
    ascending: impl Iterator<Item = u8> + Clone,
) -> impl Iterator<Item = u8> {
    let last = move |b: &u8| byte_order(usize::from(at), *b).0;
    ascending
        .clone()
        .filter(move |b| !last(b))
        .chain(ascending.filter(last))
}

/// The input that led to entry `at` of a [`Normaliser::preimage`] search.
fn input_of<S>(queue: &[(S, usize, u8)], at: usize) -> String {
    let mut bytes = Vec::new();
    let mut at = at;
    while at > 0 {
        let Some(&(_, parent, byte)) = queue.get(at) else {
            break;
        };
        bytes.push(byte);
        at = parent;
    }
    bytes.reverse();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The table of `encoding`, built on first use.
fn table(encoding: PatternEncoding) -> &'static Table {
    static VERBATIM: OnceLock<Table> = OnceLock::new();
    static GOOGLE_ESCAPE: OnceLock<Table> = OnceLock::new();
    static DECODE_1996: OnceLock<Table> = OnceLock::new();
    static RFC3986: OnceLock<Table> = OnceLock::new();
    let cell = match encoding {
        PatternEncoding::Verbatim => &VERBATIM,
        PatternEncoding::GoogleEscape => &GOOGLE_ESCAPE,
        PatternEncoding::Decode1996 => &DECODE_1996,
        PatternEncoding::Rfc3986 => &RFC3986,
    };
    cell.get_or_init(|| build(encoding))
}

/// The bytes a [`Pending`] value holds back.
fn held(pending: Pending) -> Vec<u8> {
    match pending {
        0 => Vec::new(),
        1 => vec![b'%'],
        n => {
            let digit = HEX_DIGITS.get(usize::from(n) - 2).copied().unwrap_or(b'0');
            vec![b'%', digit]
        }
    }
}

/// The [`Pending`] value that holds back `%` and the hex digit `digit`, if it is one.
fn holding(digit: u8) -> Option<Pending> {
    let at = HEX_DIGITS.iter().position(|&d| d == digit)?;
    Pending::try_from(at + 2).ok()
}

fn build(encoding: PatternEncoding) -> Table {
    let commit = |piece: &[u8], out: &mut Vec<u8>| {
        out.extend_from_slice(&normalise_target(piece, encoding));
    };
    // Reads `byte` with nothing held back.
    let fresh = |byte: u8, out: &mut Vec<u8>| -> Pending {
        if byte == b'%' {
            1
        } else {
            commit(&[byte], out);
            0
        }
    };
    let step = |pending: Pending, byte: u8| -> Step {
        let mut out = Vec::new();
        let next = match (pending, holding(byte)) {
            (0, _) => fresh(byte, &mut out),
            (1, Some(digit)) => digit,
            (1, None) => {
                commit(b"%", &mut out);
                fresh(byte, &mut out)
            }
            (_, Some(_)) => {
                let mut escape = held(pending);
                escape.push(byte);
                commit(&escape, &mut out);
                0
            }
            (_, None) => {
                commit(&held(pending), &mut out);
                fresh(byte, &mut out)
            }
        };
        Step {
            out: out.into(),
            next,
        }
    };
    let pendings = (0..PENDING_STATES).filter_map(|p| Pending::try_from(p).ok());
    let steps: Vec<[Step; 256]> = pendings
        .clone()
        .map(|pending| std::array::from_fn(|byte| step(pending, byte as u8)))
        .collect();
    let writing = steps
        .iter()
        .map(|row: &[Step; 256]| {
            let mut writing: Vec<Vec<u8>> = vec![Vec::new(); 257];
            for (byte, step) in (0u8..=0xFF).zip(row.iter()) {
                let first = step.out.first().map_or(256, |&b| usize::from(b));
                if let Some(bytes) = writing.get_mut(first) {
                    bytes.push(byte);
                }
            }
            // Each list also holds the bytes that write nothing, ascending.
            let silent = writing.get(256).cloned().unwrap_or_default();
            for bytes in writing.iter_mut().take(256) {
                bytes.extend_from_slice(&silent);
                bytes.sort_unstable();
            }
            writing
        })
        .collect();
    let ends: Vec<Step> = pendings
        .map(|pending| {
            let mut out = Vec::new();
            commit(&held(pending), &mut out);
            Step {
                out: out.into(),
                next: 0,
            }
        })
        .collect();
    let surplus = surplus_of(&steps, &ends);
    let writers = writers_of(&steps, &ends);
    Table {
        steps,
        ends,
        writing,
        surplus,
        writers,
    }
}

/// [`Table::writers`] of the steps `steps` and ends `ends`.
fn writers_of(steps: &[[Step; 256]], ends: &[Step]) -> Option<Vec<Vec<u8>>> {
    let every = steps.iter().flat_map(|row| row.iter()).chain(ends);
    if every
        .clone()
        .any(|step| step.out.len() >= 2 && !step.out.contains(&b'%'))
    {
        return None;
    }
    let mut writers = vec![Vec::new(); 256];
    let fresh = steps.first()?;
    for (byte, step) in (0u8..=0xFF).zip(fresh.iter()) {
        if let ([written], 0) = (&*step.out, step.next) {
            writers.get_mut(usize::from(*written))?.push(byte);
        }
    }
    Some(writers)
}

/// [`Normaliser::preimage`] of a `target` without `%`, where each of its bytes is written by a
/// byte of its own: then no input is shorter — a step writes a byte or none (two or more hold a
/// `%`), and one that writes none holds a `%` back, which an escape decoded or written out
/// later turns into fewer bytes than it read, or into a `%` — and the smallest of that length
/// takes the smallest writer at each place. `None` when that does not hold; the search decides.
fn byte_for_byte(table: &Table, target: &[u8], paths: Paths) -> Option<String> {
    let writers = table.writers.as_ref()?;
    if target.first() != Some(&b'/') || target.contains(&b'%') {
        return None;
    }
    let mut input = Vec::with_capacity(target.len());
    for (at, &byte) in target.iter().enumerate() {
        let fits = |&c: &u8| if at == 0 { c == b'/' } else { paths.holds(c) };
        let writer = writers
            .get(usize::from(byte))?
            .iter()
            .copied()
            .filter(fits)
            .min_by_key(|&c| byte_order(at, c))?;
        input.push(writer);
    }
    Some(String::from_utf8_lossy(&input).into_owned())
}

/// [`Normaliser::surplus`] of the steps `steps` over request-path bytes and the ends `ends`.
fn surplus_of(steps: &[[Step; 256]], ends: &[Step]) -> Option<Vec<[u8; 2]>> {
    let pendings = (0..).zip(steps);
    let reads = pendings.flat_map(|(pending, row): (Pending, _)| {
        (0u8..=0xFF)
            .zip(row.iter())
            .filter(|&(byte, _)| Paths::All.holds(byte))
            .map(move |(_, step)| {
                let read = (1 + held(pending).len()).saturating_sub(held(step.next).len());
                (step, read)
            })
    });
    let finishes = (0..)
        .zip(ends)
        .map(|(pending, end)| (end, held(pending).len()));
    let mut tails: Vec<[u8; 2]> = Vec::new();
    for (step, read) in reads.chain(finishes) {
        let more = step.out.len().saturating_sub(read);
        if more == 0 {
            continue;
        }
        let escapes: Vec<[u8; 2]> = step
            .out
            .windows(3)
            .filter_map(|w| match *w {
                [b'%', x, y] => Some([x, y]),
                _ => None,
            })
            .collect();
        if more > 2 * escapes.len() {
            return None;
        }
        tails.extend(escapes);
    }
    tails.sort_unstable();
    tails.dedup();
    Some(tails)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;
    use proptest::prelude::*;

    fn run(normaliser: Normaliser, path: &[u8]) -> Vec<u8> {
        normaliser.normalise(path)
    }

    #[test]
    fn held_count_is_what_held_holds() {
        let normaliser = Normaliser::of(&Profile::from(Variant::Rfc9309));
        for pending in (0..PENDING_STATES).filter_map(|p| Pending::try_from(p).ok()) {
            assert_eq!(
                normaliser.held_count(pending),
                held(pending).len(),
                "{pending}"
            );
        }
    }

    #[test]
    fn surplus_of_each_reading() {
        let surplus = |variant: Variant| Normaliser::of(&Profile::from(variant)).surplus();
        for variant in [Variant::Google, Variant::Convention1994, Variant::Draft1996] {
            assert_eq!(surplus(variant), Some(&[][..]), "{variant:?}");
        }
        for variant in [Variant::Rfc9309, Variant::RepDraft2019] {
            // A lone `%`, a `$` and a `*` are written as escapes.
            assert_eq!(
                surplus(variant),
                Some(&[*b"24", *b"25", *b"2A"][..]),
                "{variant:?}"
            );
        }
    }

    #[test]
    fn examples() {
        let rfc = Normaliser::of(&Profile::from(Variant::Rfc9309));
        assert_eq!(run(rfc, b"/%7ejoe/a*b%"), b"/~joe/a%2Ab%25");
        assert_eq!(run(rfc, b"/%4"), b"/%254");
        let draft = Normaliser::of(&Profile::from(Variant::Draft1996));
        assert_eq!(run(draft, b"/a%3c%2f%%41"), b"/a<%2F%A");
        let google = Normaliser::of(&Profile::from(Variant::Google));
        assert_eq!(run(google, b"/%7e"), b"/%7e");
        assert_eq!(google.pending_states(), 1);
    }

    #[test]
    fn preimages() {
        let rfc = Normaliser::of(&Profile::from(Variant::Rfc9309));
        assert_eq!(rfc.preimage(b"/a%2A", Paths::All).as_deref(), Some("/a*"));
        assert_eq!(rfc.preimage(b"/A", Paths::All).as_deref(), Some("/A"));
        assert_eq!(rfc.preimage(b"/%25", Paths::All).as_deref(), Some("/%"));
        assert_eq!(rfc.preimage(b"/a b", Paths::All), None);
        // A path may start with `//` (what `http://example.com//a` asks for).
        assert_eq!(rfc.preimage(b"//a", Paths::All).as_deref(), Some("//a"));
        let draft = Normaliser::of(&Profile::from(Variant::Draft1996));
        assert_eq!(
            draft.preimage(b"/a b", Paths::All).as_deref(),
            Some("/a%20b")
        );
        let google = Normaliser::of(&Profile::from(Variant::Google));
        assert_eq!(google.preimage(b"/x", Paths::All).as_deref(), Some("/x"));
        assert_eq!(google.preimage(b"x", Paths::All), None);
        assert_eq!(google.preimage(b"//x", Paths::All).as_deref(), Some("//x"));
    }

    proptest! {
        /// A target that is its own preimage has a preimage, and every preimage the search
        /// finds that is the target itself is recognised as one, under every reading.
        #[test]
        fn own_preimages_are_preimages(rest in proptest::collection::vec(
            prop_oneof![Just(b'%'), Just(b'2'), Just(b'A'), Just(b'a'), Just(b'f'), Just(b'F'),
                        Just(b'"'), Just(b'~'), Just(b'!'), Just(b'7'), Just(b'e'), Just(b'*'),
                        Just(b'$'), Just(b'/'), Just(b' '), Just(b'#'), any::<u8>()],
            0..10,
        )) {
            let target = [&b"/"[..], &rest].concat();
            for variant in Variant::ALL {
                let normaliser = Normaliser::of(&Profile::from(*variant));
                let found = normaliser.preimage(&target, Paths::All);
                let own = normaliser.is_own_preimage(&target, Paths::All);
                if own {
                    let found = found.clone().map(String::into_bytes);
                    prop_assert!(found.is_some_and(|p| normaliser.normalise(&p) == target));
                    prop_assert_eq!(normaliser.normalise(&target), target.clone());
                }
                if found.as_deref().map(str::as_bytes) == Some(&target[..]) {
                    prop_assert!(own, "{variant:?}");
                }
            }
        }

        /// The shortcuts of `preimage` answer as its search does, under every reading.
        #[test]
        fn preimages_are_the_searchs(pieces in proptest::collection::vec(
            prop_oneof![Just("%24"), Just("%25"), Just("%2A"), Just("%2a"), Just("%E3"),
                        Just("%e3"), Just("%41"), Just("%7E"), Just("%22"), Just("%20"),
                        Just("%"), Just("2"), Just("A"), Just("e"), Just("$"), Just("*"),
                        Just("\""), Just(" "), Just("~"), Just("/"), Just("#"), Just("\u{e9}")],
            0..6,
        )) {
            let target = [&b"/"[..], pieces.concat().as_bytes()].concat();
            for variant in Variant::ALL {
                let normaliser = Normaliser::of(&Profile::from(*variant));
                let Some(table) = normaliser.table else { continue };
                prop_assert_eq!(
                    normaliser.preimage(&target, Paths::All),
                    normaliser.search_preimage(table, &target, Paths::All),
                    "{:?}", variant
                );
            }
        }

        /// Fed a byte at a time, the transducer writes what `normalise_target` writes for the
        /// whole path, under every reading.
        #[test]
        fn equals_the_normalisation(path in proptest::collection::vec(
            prop_oneof![Just(b'%'), Just(b'2'), Just(b'f'), Just(b'F'), Just(b'a'), Just(b'*'),
                        Just(b'$'), Just(b'/'), Just(b'~'), Just(b'7'), Just(b'e'), any::<u8>()],
            0..12,
        )) {
            for variant in Variant::ALL {
                let profile = Profile::from(*variant);
                let expected = match profile.target_encoding {
                    TargetEncoding::AsGiven => path.clone(),
                    TargetEncoding::AsPatterns => {
                        normalise_target(&path, profile.pattern_encoding).into_owned()
                    }
                };
                prop_assert_eq!(run(Normaliser::of(&profile), &path), expected);
            }
            for encoding in PatternEncoding::ALL {
                let normaliser = Normaliser { table: Some(table(*encoding)) };
                let expected = normalise_target(&path, *encoding).into_owned();
                prop_assert_eq!(run(normaliser, &path), expected);
            }
        }
    }
}
