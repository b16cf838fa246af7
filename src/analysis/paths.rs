//! Which request paths a comparison covers.

crate::names::stable_names! {
    /// Which request paths a comparison covers ([`compare_within`](crate::analysis::compare_within)).
    pub enum Paths {
        /// Every request path: `/`, then printable ASCII (`!` to `~`) but `#`.
        All = "all",
        /// The request paths without `%`, `*` or `$` — links as people write them: where two
        /// readings part only on how they read escapes (RFC 9309 decodes `%63` to `c`, Google
        /// compares `%63` as sent), they agree here.
        Plain = "plain",
    }
}

impl Paths {
    /// Whether `byte` may follow the leading `/` of a path in this set.
    pub(super) fn holds(self, byte: u8) -> bool {
        let printable = (0x21..=0x7E).contains(&byte) && byte != b'#';
        match self {
            Paths::All => printable,
            Paths::Plain => printable && !matches!(byte, b'%' | b'*' | b'$'),
        }
    }
}
