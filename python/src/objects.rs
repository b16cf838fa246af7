//! The library's serde serialisations as Python objects, built directly: a `serde::Serializer`
//! whose output is `dict`, `list`, `str`, `int`, `float`, `bool` and `None` — what `json.loads`
//! of the library's JSON gives, without the JSON text. Structs and maps keep their field order
//! (a Python dict keeps insertion order), as the command line's `--format json` prints them.
//!
//! Where JSON has no equivalent the serialiser does what serde_json does, so the objects are
//! exactly the JSON's: a map key that is a number becomes its decimal text, bytes become a list
//! of ints, a float that is not finite becomes None, an enum variant with data becomes a
//! one-entry dict.

use std::fmt;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use pyo3::IntoPyObjectExt;
use serde::ser::{self, Serialize};

/// `value`'s serialisation as Python objects.
pub(crate) fn to_python<'py>(
    py: Python<'py>,
    value: &impl Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    value.serialize(Objects { py }).map_err(|Error(message)| {
        PyRuntimeError::new_err(format!("robotspec could not serialise: {message}"))
    })
}

/// Why a value could not be serialised (a Python error, or a map key that cannot be one).
#[derive(Debug)]
pub(crate) struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error(message.to_string())
    }
}

impl From<PyErr> for Error {
    fn from(error: PyErr) -> Self {
        Error(error.to_string())
    }
}

/// The serialiser: one Python object per value.
#[derive(Clone, Copy)]
struct Objects<'py> {
    py: Python<'py>,
}

type Result<T> = std::result::Result<T, Error>;

impl<'py> Objects<'py> {
    fn object(self, value: impl IntoPyObject<'py>) -> Result<Bound<'py, PyAny>> {
        value
            .into_bound_py_any(self.py)
            .map_err(|error| Error(error.to_string()))
    }
}

/// A list being filled: sequences, tuples and tuple structs.
struct Sequence<'py> {
    py: Python<'py>,
    items: Vec<Bound<'py, PyAny>>,
    /// The variant name, for a tuple variant (`{"Name": [...]}`).
    variant: Option<&'static str>,
}

impl<'py> Sequence<'py> {
    fn push<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.items.push(value.serialize(Objects { py: self.py })?);
        Ok(())
    }

    fn finish(self) -> Result<Bound<'py, PyAny>> {
        let list = PyList::new(self.py, self.items)?.into_any();
        wrap(self.py, self.variant, list)
    }
}

/// A dict being filled: maps, structs and struct variants.
struct Mapping<'py> {
    py: Python<'py>,
    dict: Bound<'py, PyDict>,
    key: Option<Bound<'py, PyAny>>,
    variant: Option<&'static str>,
}

impl<'py> Mapping<'py> {
    fn finish(self) -> Result<Bound<'py, PyAny>> {
        wrap(self.py, self.variant, self.dict.into_any())
    }
}

/// `value`, or `{variant: value}` for an enum variant with data (serde_json's form).
fn wrap<'py>(
    py: Python<'py>,
    variant: Option<&'static str>,
    value: Bound<'py, PyAny>,
) -> Result<Bound<'py, PyAny>> {
    match variant {
        None => Ok(value),
        Some(name) => {
            let dict = PyDict::new(py);
            dict.set_item(name, value)?;
            Ok(dict.into_any())
        }
    }
}

/// A map key as JSON has it: text (a number as its decimal text, as serde_json writes it).
fn key<'py>(key: Bound<'py, PyAny>) -> Result<Bound<'py, PyAny>> {
    if key.is_instance_of::<PyString>() {
        return Ok(key);
    }
    if key.is_instance_of::<pyo3::types::PyBool>() || key.is_none() {
        return Err(Error("a map key must be text or a number".to_owned()));
    }
    if key.is_instance_of::<pyo3::types::PyInt>() || key.is_instance_of::<pyo3::types::PyFloat>() {
        return Ok(key.str()?.into_any());
    }
    Err(Error("a map key must be text or a number".to_owned()))
}

impl<'py> ser::Serializer for Objects<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = Sequence<'py>;
    type SerializeTuple = Sequence<'py>;
    type SerializeTupleStruct = Sequence<'py>;
    type SerializeTupleVariant = Sequence<'py>;
    type SerializeMap = Mapping<'py>;
    type SerializeStruct = Mapping<'py>;
    type SerializeStructVariant = Mapping<'py>;

    fn serialize_bool(self, v: bool) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i8(self, v: i8) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i128(self, v: i128) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u128(self, v: u128) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Self::Ok> {
        // serde_json writes an f32 in its shortest form ("0.1"), which Python reads as the
        // nearest f64 — not `f64::from(v)` (0.10000000149011612).
        let shortest = v.to_string().parse::<f64>().unwrap_or(f64::NAN);
        self.serialize_f64(shortest)
    }
    fn serialize_f64(self, v: f64) -> Result<Self::Ok> {
        // serde_json writes a NaN or an infinity as null.
        if v.is_finite() {
            self.object(v)
        } else {
            self.serialize_none()
        }
    }
    fn serialize_char(self, v: char) -> Result<Self::Ok> {
        self.object(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Self::Ok> {
        // serde_json writes bytes as an array of numbers.
        Ok(PyList::new(self.py, v)?.into_any())
    }
    fn serialize_none(self) -> Result<Self::Ok> {
        Ok(self.py.None().into_bound(self.py))
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Self::Ok> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Self::Ok> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Self::Ok> {
        self.serialize_none()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Self::Ok> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Self::Ok> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Self::Ok> {
        let inner = value.serialize(self)?;
        wrap(self.py, Some(variant), inner)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq> {
        Ok(Sequence {
            py: self.py,
            items: Vec::with_capacity(len.unwrap_or(0)),
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        let mut sequence = self.serialize_seq(Some(len))?;
        sequence.variant = Some(variant);
        Ok(sequence)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        Ok(Mapping {
            py: self.py,
            dict: PyDict::new(self.py),
            key: None,
            variant: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Self::SerializeStruct> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        let mut mapping = self.serialize_map(Some(len))?;
        mapping.variant = Some(variant);
        Ok(mapping)
    }
}

impl<'py> ser::SerializeSeq for Sequence<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

impl<'py> ser::SerializeTuple for Sequence<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

impl<'py> ser::SerializeTupleStruct for Sequence<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

impl<'py> ser::SerializeTupleVariant for Sequence<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

impl<'py> ser::SerializeMap for Mapping<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.key = Some(key(value.serialize(Objects { py: self.py })?)?);
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let key = self
            .key
            .take()
            .ok_or_else(|| Error("a map value without its key".to_owned()))?;
        self.dict
            .set_item(key, value.serialize(Objects { py: self.py })?)?;
        Ok(())
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

impl<'py> ser::SerializeStruct for Mapping<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<()> {
        self.dict
            .set_item(name, value.serialize(Objects { py: self.py })?)?;
        Ok(())
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

impl<'py> ser::SerializeStructVariant for Mapping<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<()> {
        ser::SerializeStruct::serialize_field(self, name, value)
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}
