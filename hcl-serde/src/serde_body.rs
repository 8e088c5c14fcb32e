//! [`Serde<T>`]: any `serde::Deserialize` type as a whole body.

use serde::de::DeserializeOwned;

use hcl_core::schema::BodySchema;
use hcl_core::{Body, Value};

use crate::de::ValueDeserializer;
use crate::decode::{Decoder, HclDecode, Labels};

/// Decodes a body of attributes into any `serde::Deserialize` type: the
/// attributes become one object value (keys are attribute names) that is
/// deserialized with the spec's conversions, so plain serde structs,
/// `serde_json::Value` and other dynamic targets work at the root or as a
/// block field (`Vec<Serde<T>>`).
///
/// Bodies are read with just-attributes processing: in the JSON syntax
/// everything is an attribute, so nested objects fill nested structs; in the
/// native syntax, blocks need a derived [`HclDecode`] type (which knows
/// each block's labels) and are reported as unexpected here.
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

impl<T: DeserializeOwned> HclDecode for Serde<T> {
    const LABELS: &'static [&'static str] = &[];

    fn body_schema() -> BodySchema {
        BodySchema::new()
    }

    fn decode_body(body: &Body, _labels: Labels<'_>, d: &mut Decoder<'_>) -> Option<Self> {
        let (attrs, diags) = body.just_attributes();
        let mut ok = !diags.has_errors();
        d.report(diags);
        let mut entries = Vec::with_capacity(attrs.len());
        for attr in &attrs {
            match d.attribute_value_of(attr) {
                Some(v) => entries.push((attr.name.as_str(), v)),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        let object = Value::object(entries);
        match T::deserialize(ValueDeserializer::new(&object)) {
            Ok(v) => Some(Serde(v)),
            Err(e) => {
                d.serde_error(e, body, &attrs);
                None
            }
        }
    }
}
