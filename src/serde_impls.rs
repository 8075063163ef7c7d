//! `serde` support: a [`Setup`] is its FEN string (X-FEN out, any dialect in).

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::castling::XFen;
use crate::fen::EnPassantMode;
use crate::setup::Setup;

impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fen = self.to_fen(&XFen, EnPassantMode::AsIs).map_err(serde::ser::Error::custom)?;
        serializer.serialize_str(&fen)
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Setup, D::Error> {
        struct FenVisitor;

        impl Visitor<'_> for FenVisitor {
            type Value = Setup;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a FEN string")
            }

            fn visit_str<E: de::Error>(self, fen: &str) -> Result<Setup, E> {
                Setup::from_ascii(fen.as_bytes()).map_err(E::custom)
            }

            fn visit_bytes<E: de::Error>(self, fen: &[u8]) -> Result<Setup, E> {
                Setup::from_ascii(fen).map_err(E::custom)
            }
        }

        deserializer.deserialize_str(FenVisitor)
    }
}
