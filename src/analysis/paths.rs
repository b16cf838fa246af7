//! Which request paths a question covers, and the order witnesses are smallest in.

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

/// Where `byte` sorts at position `at` of a request path (0: its leading `/`) in the order
/// witnesses are smallest in ([`witness_order`]): byte order, except that a `/` right after the
/// leading one comes after every other byte there.
pub(super) fn byte_order(at: usize, byte: u8) -> (bool, u8) {
    (at == 1 && byte == b'/', byte)
}

/// The order witnesses are smallest in: the shorter path first; among paths of one length,
/// those that do not start with `//` before those that do (a `//x` is easily misread as a
/// host); then byte order. The same order as comparing paths byte by byte with
/// [`byte_order`].
pub(super) fn witness_order(path: &str) -> (usize, bool, &[u8]) {
    (path.len(), path.starts_with("//"), path.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Comparing byte by byte with `byte_order` is `witness_order`, on every pair of paths of
    /// a small alphabet.
    #[test]
    fn byte_order_is_witness_order() {
        let alphabet = [b'/', b'!', b'.', b'0', b'a'];
        let mut paths = vec![String::from("/")];
        for _ in 0..2 {
            let longer: Vec<String> = paths
                .iter()
                .flat_map(|p| {
                    alphabet
                        .iter()
                        .map(move |&b| format!("{p}{}", char::from(b)))
                })
                .collect();
            paths.extend(longer);
        }
        paths.sort_by(|a, b| {
            let bytewise = |p: &str| -> Vec<(bool, u8)> {
                p.bytes()
                    .enumerate()
                    .map(|(at, b)| byte_order(at, b))
                    .collect()
            };
            (a.len(), bytewise(a)).cmp(&(b.len(), bytewise(b)))
        });
        let mut by_witness = paths.clone();
        by_witness.sort_by(|a, b| witness_order(a).cmp(&witness_order(b)));
        assert_eq!(paths, by_witness);
        let at = |p: &str| paths.iter().position(|q| q == p).unwrap_or(usize::MAX);
        assert!(at("/a") < at("//"));
        assert!(at("//") < at("/!!"));
        assert!(at("/a/") < at("//!"));
        assert!(at("/!/") < at("/!a"));
    }
}
