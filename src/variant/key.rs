//! Keys read sixteen bytes at a time: the directives' names packed into numbers when the
//! profiles are compiled, a key's first sixteen bytes lower-cased at once, and the byte search
//! the line reader does on a line's first sixteen bytes. Plain integer arithmetic on `u128`
//! ("SIMD within a register"): no unsafe code, no byte loop.

use std::ops::Range;

/// A key's name or an accepted misspelling: lower-case text, and its first 16 bytes packed
/// into one number (little-endian), so that a key is compared with it in a few instructions
/// ([`FoldedKey`]) instead of byte by byte.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeyName {
    /// The name, lower case.
    pub text: &'static str,
    packed: u128,
}

impl KeyName {
    /// `text` (lower case) as a key name.
    pub(crate) const fn new(text: &'static str) -> KeyName {
        let mut rest = text.as_bytes();
        let mut packed = 0u128;
        let mut i = 0;
        while let [byte, tail @ ..] = rest {
            if i == 16 {
                break;
            }
            packed |= (*byte as u128) << (8 * i);
            rest = tail;
            i += 1;
        }
        KeyName { text, packed }
    }

    fn len(&self) -> usize {
        self.text.len()
    }

    /// The first byte (0 for an empty name).
    pub(crate) fn first(&self) -> u8 {
        self.packed.to_le_bytes()[0]
    }
}

/// A key with its first 16 bytes lower-cased and packed as [`KeyName`] packs names.
pub(crate) struct FoldedKey<'k> {
    key: &'k [u8],
    packed: u128,
}

impl<'k> FoldedKey<'k> {
    /// `key`, folded.
    pub(crate) fn new(key: &'k [u8]) -> Self {
        let mut head = [0u8; 16];
        let n = key.len().min(16);
        if let (Some(to), Some(from)) = (head.get_mut(..n), key.get(..n)) {
            to.copy_from_slice(from);
        }
        FoldedKey {
            key,
            packed: ascii_lower_case(u128::from_le_bytes(head)),
        }
    }

    /// `key`, folded from its head as [`head_in`] reads it (folding leaves the bytes it masked
    /// off zero).
    pub(crate) fn with_head(key: &'k [u8], head: u128) -> Self {
        FoldedKey {
            key,
            packed: ascii_lower_case(head),
        }
    }

    /// The key as written.
    pub(crate) fn bytes(&self) -> &'k [u8] {
        self.key
    }

    /// The first byte, lower-cased (0 for an empty key).
    pub(crate) fn first(&self) -> u8 {
        self.packed.to_le_bytes()[0]
    }

    /// Whether the key starts with `name`, ignoring ASCII case.
    pub(crate) fn starts_with(&self, name: &KeyName) -> bool {
        let len = name.len();
        if len > 16 {
            let head = self.key.get(..len);
            return head.is_some_and(|head| head.eq_ignore_ascii_case(name.text.as_bytes()));
        }
        self.key.len() >= len && self.packed & low_bytes(len) == name.packed
    }

    /// Whether the key is `name`, ignoring ASCII case.
    pub(crate) fn is(&self, name: &KeyName) -> bool {
        self.key.len() == name.len() && self.starts_with(name)
    }
}

/// The first sixteen bytes of the key `text[key]` (all of it when shorter) as written, packed as
/// [`KeyName`] packs names, when `text` holds sixteen bytes from the key's start (read at once);
/// `None` otherwise. A key of sixteen bytes or fewer is told apart from any other key of its
/// length by this number alone.
pub(crate) fn head_in(text: &[u8], key: &Range<usize>) -> Option<u128> {
    let head = text.get(key.start..)?.first_chunk::<16>()?;
    Some(u128::from_le_bytes(*head) & low_bytes(key.len()))
}

/// `b` in each of sixteen bytes.
const fn every_byte(b: u8) -> u128 {
    u128::from_le_bytes([b; 16])
}

/// All ones in the low `n` bytes (all 16 when `n` is 16 or more).
fn low_bytes(n: usize) -> u128 {
    let bits = u32::try_from(n.min(16) * 8).unwrap_or(128);
    u128::MAX.checked_shr(128 - bits).unwrap_or(0)
}

/// `x` with each byte that is an ASCII upper-case letter lower-cased, all sixteen at once:
/// a byte's top bit after adding `0x80 - b'A'` (`0x80 - b'Z' - 1`) to its low seven bits says
/// whether it is at least `A` (past `Z`); bytes of 128 and above are left alone.
fn ascii_lower_case(x: u128) -> u128 {
    let low = x & every_byte(0x7F);
    let at_least_a = low + every_byte(0x80 - b'A');
    let past_z = low + every_byte(0x80 - b'Z' - 1);
    let upper = at_least_a & !past_z & !x & every_byte(0x80);
    x | (upper >> 2)
}

/// Where the first `byte` lies in the first sixteen bytes of `bytes`, when `bytes` holds
/// sixteen: `Some(None)` when none of them is `byte`, `None` when `bytes` is shorter. A byte
/// equal to `byte` becomes zero after `^`; adding `0x7F` to the low seven bits of each byte
/// then sets its top bit unless it is zero, with no carry into the next byte.
pub(crate) fn find_in_first_16(bytes: &[u8], byte: u8) -> Option<Option<usize>> {
    let head = u128::from_le_bytes(*bytes.first_chunk::<16>()?);
    let differ = head ^ every_byte(byte);
    let nonzero = ((differ & every_byte(0x7F)) + every_byte(0x7F)) | differ;
    let zero = !nonzero & every_byte(0x80);
    Some((zero != 0).then(|| (zero.trailing_zeros() / 8) as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `check(bytes, byte, at)` for `base` with each byte value put at each of its places.
    fn every_byte_at_every_place(base: [u8; 16], check: impl Fn([u8; 16], u8, usize)) {
        for byte in 0..=255u8 {
            for at in 0..16 {
                let mut bytes = base;
                bytes[at] = byte;
                check(bytes, byte, at);
            }
        }
    }

    /// Sixteen bytes lower-cased at once, as `u8::to_ascii_lowercase` does each byte: every
    /// byte value at every place, beside letters and bytes of 128 and above.
    #[test]
    fn ascii_lower_case_is_bytewise() {
        every_byte_at_every_place(*b"aZ\x80\xFF@[`{Az~\x00 -Qq", |bytes, byte, at| {
            let folded = ascii_lower_case(u128::from_le_bytes(bytes)).to_le_bytes();
            assert_eq!(
                folded,
                bytes.map(|b| b.to_ascii_lowercase()),
                "{byte} at {at}"
            );
        });
    }

    /// The first `:` of sixteen bytes, as a byte loop finds it: every byte value at every
    /// place, beside bytes that differ from `:` in one bit or by one.
    #[test]
    fn find_in_first_16_is_bytewise() {
        every_byte_at_every_place(*b"\xBA;9\x00\xFFz\x3B:\x1A\x80;;:99a", |bytes, _, _| {
            for start in [0, 7, 8, 13] {
                let from = &bytes[start..];
                let expected = from.iter().position(|&b| b == b':');
                let mut padded = from.to_vec();
                padded.resize(16, b'x');
                assert_eq!(find_in_first_16(&padded, b':'), Some(expected));
            }
        });
        assert_eq!(find_in_first_16(b"short:", b':'), None);
    }

    #[test]
    fn folded_keys_read_within_text() {
        // The key `text[key]` folded as the line reader folds it.
        let within = |text: &'static [u8], key: Range<usize>| {
            let bytes = &text[key.clone()];
            head_in(text, &key).map_or_else(
                || FoldedKey::new(bytes),
                |head| FoldedKey::with_head(bytes, head),
            )
        };
        let name = KeyName::new("disallow");
        let text = b"DisAllow: /x and sixteen more bytes";
        assert!(within(text, 0..8).is(&name));
        assert!(!within(text, 0..7).starts_with(&name));
        assert!(within(text, 0..9).starts_with(&name));
        assert!(within(&text[..12], 0..8).is(&name));
        assert_eq!(low_bytes(0), 0);
        assert_eq!(low_bytes(16), u128::MAX);
        assert_eq!(low_bytes(1), 0xFF);
    }
}
