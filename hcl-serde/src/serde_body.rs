//! [`Serde<T>`]: any `serde::Deserialize` type as a whole body.

use serde::de::DeserializeOwned;

use hcl_core::schema::BodySchema;

use crate::de::BodyDeserializer;
use crate::decode::{BodyRef, Decoder, HclDecode, Labels};

/// Any `serde::Deserialize` type where an [`HclDecode`] type is wanted:
/// chiefly a block field of a derived struct (`Vec<Serde<T>>`), whose
/// blocks then decode like the root of [`from_str`](crate::from_str) does
/// for plain types (attributes as fields, nested blocks as nested structs,
/// sequences or maps keyed by label; see
/// [`BodyDeserializer`](crate::de::BodyDeserializer)). As a serde type it is
/// transparent.
///
/// ```
/// use hcl_serde::Serde;
/// use serde::Deserialize;
///
/// #[derive(Deserialize, Debug, PartialEq)]
/// struct Server { host: String, port: u16 }
///
/// let Serde(s) = hcl_serde::from_str::<Serde<Server>>("host = \"db\"\nport = \"5432\"\n").unwrap();
/// assert_eq!(s, Server { host: "db".into(), port: 5432 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Serde<T>(pub T);

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Serde<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Serde)
    }
}

impl<T: DeserializeOwned> HclDecode for Serde<T> {
    const LABELS: &'static [&'static str] = &[];

    fn body_schema() -> BodySchema {
        BodySchema::new()
    }

    fn decode_body(body: BodyRef<'_>, _labels: Labels<'_>, d: &mut Decoder<'_>) -> Option<Self> {
        let body = body.to_body();
        let de = BodyDeserializer::new(&body, d.context())
            .with_max_depth(d.max_depth())
            .at_depth(d.depth());
        match T::deserialize(de) {
            Ok(v) => Some(Serde(v)),
            Err(e) => {
                d.absorb(e);
                None
            }
        }
    }
}
