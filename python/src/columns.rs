//! Columns out as Arrow buffers: what a batch call hands pyarrow instead of one Python object
//! per value.
//!
//! A corpus study answers ~100 questions per capture and Spark takes its rows as Arrow record
//! batches (`mapInArrow`). Made as Python tuples, every answer is a handful of Python objects
//! that pyarrow then reads back one by one: most of the job's cost. Here the binding writes
//! each column straight into the buffers Arrow's columnar format defines — a validity bitmap,
//! 32-bit offsets, the values — and hands Python one `bytes` object per buffer;
//! `pyarrow.Array.from_buffers` assembles the arrays without looking at a value
//! (python/robotspec/study/capture.py). No unsafe code and no Arrow crate: the formats used
//! are the few the study's schema needs (utf8, int32, bool, list, struct, map).
//!
//! Columns are named by their path in the schema: `readings`, `readings[]` (the list's items),
//! `readings[].variant`, `readings[].diagnostics[].key` (a map's entries are a list of
//! key/value structs). [`Columns`] collects them and gives Python a dict of path → (length,
//! buffers), each buffer `bytes` or None (no nulls: no validity bitmap).
//!
//! The strings of the lists with a row per agent — verdicts, disagreements, changes — are
//! [`Dictionary`] columns: each distinct string once per batch, each row an index. A rule or an
//! evidence line is repeated for every agent and reading it decides for; kept once, a batch
//! holds what its captures say, not that times the rows (a 500 KB rule line, 60 agents and 16
//! such captures passed the 2 GiB a column can hold), and pyarrow's Parquet writer takes the
//! dictionary as it is instead of hashing every row's string again. The dictionary of the
//! column at `path` is at `path#` (python/robotspec/study/capture.py assembles both).

use std::collections::BTreeMap;
use std::hash::BuildHasher;

use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};

/// A bitmap, least significant bit first, as Arrow's validity and boolean buffers.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    len: usize,
    ones: usize,
}

impl Bits {
    fn push(&mut self, bit: bool) {
        let (byte, shift) = (self.len / 8, self.len % 8);
        if shift == 0 {
            self.bytes.push(0);
        }
        if bit {
            if let Some(last) = self.bytes.get_mut(byte) {
                *last |= 1 << shift;
            }
            self.ones += 1;
        }
        self.len += 1;
    }

    /// The bitmap as a validity buffer: None when every value is valid.
    fn validity(self) -> Option<Vec<u8>> {
        (self.ones < self.len).then_some(self.bytes)
    }
}

/// One column's length and buffers, in Arrow's order for its type.
type Buffers = (usize, Vec<Option<Vec<u8>>>);

/// A 32-bit offset, or an error when a batch outgrows Arrow's 32-bit offsets (2 GiB of text
/// in one column of one batch).
fn offset(at: usize) -> PyResult<i32> {
    i32::try_from(at).map_err(|_| {
        PyOverflowError::new_err("robotspec: a batch's column passed 2 GiB; use smaller batches")
    })
}

/// A utf8 column.
pub(crate) struct Strings {
    valid: Bits,
    offsets: Vec<u8>,
    data: Vec<u8>,
}

impl Default for Strings {
    fn default() -> Strings {
        Strings {
            valid: Bits::default(),
            offsets: 0i32.to_le_bytes().to_vec(),
            data: Vec::new(),
        }
    }
}

impl Strings {
    pub(crate) fn push(&mut self, value: Option<&str>) -> PyResult<()> {
        self.valid.push(value.is_some());
        self.data
            .extend_from_slice(value.unwrap_or_default().as_bytes());
        let end = offset(self.data.len())?;
        self.offsets.extend_from_slice(&end.to_le_bytes());
        Ok(())
    }

    fn buffers(self) -> Buffers {
        let len = self.valid.len;
        (
            len,
            vec![self.valid.validity(), Some(self.offsets), Some(self.data)],
        )
    }
}

/// A dictionary-encoded utf8 column: int32 indices into the column's distinct strings, each
/// kept once (Arrow's dictionary array, its dictionary a utf8 array without nulls).
#[derive(Default)]
pub(crate) struct Dictionary {
    valid: Bits,
    indices: Vec<u8>,
    /// The distinct strings, end to end, and where each ends.
    data: Vec<u8>,
    ends: Vec<usize>,
    /// A string's index by its hash. A string whose hash another string holds is kept again,
    /// under no hash: the dictionary may repeat a string, never lose one.
    by_hash: foldhash::HashMap<u64, i32>,
    hasher: foldhash::fast::RandomState,
}

impl Dictionary {
    pub(crate) fn push(&mut self, value: Option<&str>) -> PyResult<()> {
        let index = value.map(|value| self.intern(value)).transpose()?;
        self.push_index(index);
        Ok(())
    }

    /// A row holding the string at `index` (from [`Dictionary::intern`]), or null.
    pub(crate) fn push_index(&mut self, index: Option<i32>) {
        self.valid.push(index.is_some());
        self.indices
            .extend_from_slice(&index.unwrap_or_default().to_le_bytes());
    }

    /// The index of `value`, kept now if it is new: a row holding it may be pushed later.
    pub(crate) fn intern(&mut self, value: &str) -> PyResult<i32> {
        let hash = self.hasher.hash_one(value);
        if let Some(&index) = self.by_hash.get(&hash) {
            if self.kept(index) == Some(value.as_bytes()) {
                return Ok(index);
            }
        }
        let index = offset(self.ends.len())?;
        self.data.extend_from_slice(value.as_bytes());
        offset(self.data.len())?;
        self.ends.push(self.data.len());
        self.by_hash.entry(hash).or_insert(index);
        Ok(index)
    }

    /// The bytes of the string at `index`.
    fn kept(&self, index: i32) -> Option<&[u8]> {
        let at = usize::try_from(index).ok()?;
        let start = match at.checked_sub(1) {
            Some(before) => *self.ends.get(before)?,
            None => 0,
        };
        self.data.get(start..*self.ends.get(at)?)
    }

    /// The indices' buffers, and the dictionary's.
    fn buffers(self) -> (Buffers, Buffers) {
        let mut offsets = Vec::with_capacity((self.ends.len() + 1) * 4);
        for end in std::iter::once(0).chain(self.ends.iter().copied()) {
            // Each end was checked to fit when its string was kept.
            let end = i32::try_from(end).unwrap_or(i32::MAX);
            offsets.extend_from_slice(&end.to_le_bytes());
        }
        let len = self.valid.len;
        (
            (len, vec![self.valid.validity(), Some(self.indices)]),
            (self.ends.len(), vec![None, Some(offsets), Some(self.data)]),
        )
    }
}

/// An int32 column, little-endian.
#[derive(Default)]
pub(crate) struct Ints {
    valid: Bits,
    values: Vec<u8>,
}

impl Ints {
    /// A count past `i32::MAX` is an error, not a wrapped number.
    pub(crate) fn push(&mut self, value: Option<usize>) -> PyResult<()> {
        let value = value
            .map(i32::try_from)
            .transpose()
            .map_err(|_| PyOverflowError::new_err("robotspec: a count passed 2^31"))?;
        self.valid.push(value.is_some());
        self.values
            .extend_from_slice(&value.unwrap_or_default().to_le_bytes());
        Ok(())
    }

    fn buffers(self) -> Buffers {
        let len = self.valid.len;
        (len, vec![self.valid.validity(), Some(self.values)])
    }
}

/// A boolean column.
#[derive(Default)]
pub(crate) struct Bools {
    valid: Bits,
    values: Bits,
}

impl Bools {
    pub(crate) fn push(&mut self, value: Option<bool>) {
        self.valid.push(value.is_some());
        self.values.push(value.unwrap_or_default());
    }

    fn buffers(self) -> Buffers {
        let len = self.valid.len;
        (len, vec![self.valid.validity(), Some(self.values.bytes)])
    }
}

/// A list column (or a map's entries) without nulls: one offset into its items per row.
pub(crate) struct Lists {
    rows: usize,
    offsets: Vec<u8>,
}

impl Default for Lists {
    fn default() -> Lists {
        Lists {
            rows: 0,
            offsets: 0i32.to_le_bytes().to_vec(),
        }
    }
}

impl Lists {
    /// Ends a row whose items end at `items` (the items' column length so far).
    pub(crate) fn close(&mut self, items: usize) -> PyResult<()> {
        self.offsets
            .extend_from_slice(&offset(items)?.to_le_bytes());
        self.rows += 1;
        Ok(())
    }

    fn buffers(self) -> Buffers {
        (self.rows, vec![None, Some(self.offsets)])
    }
}

/// The columns of a batch, by path.
#[derive(Default)]
pub(crate) struct Columns {
    columns: BTreeMap<String, Buffers>,
}

impl Columns {
    pub(crate) fn strings(&mut self, path: &str, column: Strings) {
        self.columns.insert(path.to_owned(), column.buffers());
    }

    /// A dictionary column: its indices at `path`, its strings at `path#`.
    pub(crate) fn dictionary(&mut self, path: &str, column: Dictionary) {
        let (indices, strings) = column.buffers();
        self.columns.insert(path.to_owned(), indices);
        self.columns.insert(format!("{path}#"), strings);
    }

    pub(crate) fn ints(&mut self, path: &str, column: Ints) {
        self.columns.insert(path.to_owned(), column.buffers());
    }

    pub(crate) fn bools(&mut self, path: &str, column: Bools) {
        self.columns.insert(path.to_owned(), column.buffers());
    }

    pub(crate) fn lists(&mut self, path: &str, column: Lists) {
        self.columns.insert(path.to_owned(), column.buffers());
    }

    /// A struct column of `rows` rows, none null: its fields are columns of their own.
    pub(crate) fn structs(&mut self, path: &str, rows: usize) {
        self.columns.insert(path.to_owned(), (rows, vec![None]));
    }

    /// The columns as a dict: path → (length, [bytes or None, …]).
    pub(crate) fn into_python(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let out = PyDict::new(py);
        for (path, (len, buffers)) in self.columns {
            let buffers = buffers
                .iter()
                .map(|buffer| buffer.as_deref().map(|bytes| PyBytes::new(py, bytes)));
            let buffers = PyTuple::new(py, buffers)?;
            out.set_item(path, (len, buffers))?;
        }
        Ok(out)
    }
}
