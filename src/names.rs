//! Enums whose values have stable names: one list gives the variants, their names, their
//! descriptions and `ALL`.
//!
//! Diagnostic codes, disagreement reasons, tree node kinds, limits, matcher engines and cache
//! lifetime sources are named on the command line, in JSON and in scripts that grep for them,
//! so their names are a contract. [`stable_names!`] writes each such enum from one list —
//! variant, doc comment, name — so a value cannot be added without its name, and its
//! description is its doc comment.

/// Defines a `#[non_exhaustive]` fieldless enum whose variants each have a stable name, with:
/// `ALL` (every value, in declaration order), `name()`, `from_name()`, `description()` (the
/// variant's doc comment), `Display` (the name) and `serde::Serialize` (the name).
macro_rules! stable_names {
    (
        $(#[$meta:meta])*
        $vis:vis enum $enum:ident {
            $(
                $(#[doc = $doc:literal])*
                $variant:ident = $name:literal,
            )*
        }
    ) => {
        $(#[$meta])*
        #[non_exhaustive]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $enum {
            $(
                $(#[doc = $doc])*
                $variant,
            )*
        }

        impl $enum {
            /// Every value, in declaration order.
            $vis const ALL: &'static [$enum] = &[$($enum::$variant),*];

            /// The stable name, as written on the command line and in JSON.
            $vis fn name(self) -> &'static str {
                match self {
                    $($enum::$variant => $name,)*
                }
            }

            /// The value with the stable name `name`, if any.
            $vis fn from_name(name: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|value| value.name() == name)
            }

            /// What the value means, for people (its documentation).
            $vis fn description(self) -> &'static str {
                match self {
                    $($enum::$variant => concat!($($doc, "\n",)*).trim(),)*
                }
            }
        }

        impl ::std::fmt::Display for $enum {
            /// The stable name.
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::serde::Serialize for $enum {
            /// As the stable name.
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }
    };
}

pub(crate) use stable_names;
