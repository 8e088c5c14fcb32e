//! Body schemata: what an application expects in a body ("Schema-driven
//! Processing" in the information model).

use std::collections::BTreeSet;

use crate::diag::Diagnostic;

/// An attribute the application expects.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AttributeSchema {
    /// The attribute name.
    pub name: String,
    /// Whether its absence is an error.
    pub required: bool,
}

impl AttributeSchema {
    /// A required attribute.
    pub fn required(name: impl Into<String>) -> AttributeSchema {
        AttributeSchema {
            name: name.into(),
            required: true,
        }
    }

    /// An optional attribute.
    pub fn optional(name: impl Into<String>) -> AttributeSchema {
        AttributeSchema {
            name: name.into(),
            required: false,
        }
    }
}

/// A block type the application expects, with the names of its labels.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BlockHeaderSchema {
    /// The block type name.
    pub type_name: String,
    /// One semantic name per label (used in messages such as "Missing name
    /// for resource"); the number of names is the number of labels.
    pub label_names: Vec<String>,
}

impl BlockHeaderSchema {
    /// A block type with the given label names.
    pub fn new<L: Into<String>>(
        type_name: impl Into<String>,
        label_names: impl IntoIterator<Item = L>,
    ) -> BlockHeaderSchema {
        BlockHeaderSchema {
            type_name: type_name.into(),
            label_names: label_names.into_iter().map(Into::into).collect(),
        }
    }
}

/// What a body is expected to contain.
///
/// ```
/// use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
/// let schema = BodySchema::new()
///     .attribute(AttributeSchema::required("name"))
///     .block(BlockHeaderSchema::new("service", ["name"]));
/// assert!(schema.validate().is_ok());
/// let bad = schema.clone().attribute(AttributeSchema::optional("service"));
/// assert!(bad.validate().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct BodySchema {
    /// The expected attributes.
    pub attributes: Vec<AttributeSchema>,
    /// The expected block types.
    pub blocks: Vec<BlockHeaderSchema>,
}

impl BodySchema {
    /// An empty schema.
    pub fn new() -> BodySchema {
        BodySchema::default()
    }

    /// Adds an attribute.
    pub fn attribute(mut self, attr: AttributeSchema) -> BodySchema {
        self.attributes.push(attr);
        self
    }

    /// Adds a block type.
    pub fn block(mut self, block: BlockHeaderSchema) -> BodySchema {
        self.blocks.push(block);
        self
    }

    /// The attribute schema called `name`.
    pub fn find_attribute(&self, name: &str) -> Option<&AttributeSchema> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// The block header schema for type `name`: the last one listed, when
    /// a type is listed twice (as in the reference, which keys its wanted
    /// blocks by type, so a later entry replaces an earlier one).
    ///
    /// ```
    /// use hcl_core::schema::{BlockHeaderSchema, BodySchema};
    /// let schema = BodySchema::new()
    ///     .block(BlockHeaderSchema::new("service", [] as [&str; 0]))
    ///     .block(BlockHeaderSchema::new("service", ["name"]));
    /// assert_eq!(schema.find_block("service").unwrap().label_names, ["name"]);
    /// ```
    pub fn find_block(&self, name: &str) -> Option<&BlockHeaderSchema> {
        self.blocks.iter().rfind(|b| b.type_name == name)
    }

    /// The union of two schemata (as used by two-step partial processing).
    pub fn union(&self, other: &BodySchema) -> BodySchema {
        let mut merged = self.clone();
        merged.attributes.extend(other.attributes.iter().cloned());
        merged.blocks.extend(other.blocks.iter().cloned());
        merged
    }

    /// Checks the schema's own rules: no attribute requested twice, and no
    /// block type that is also an attribute name (in syntaxes such as JSON
    /// the two share one namespace). A block type listed twice is allowed,
    /// as the specification does not forbid it; the last entry's labels
    /// apply, as in the reference (see [`find_block`](Self::find_block)).
    pub fn validate(&self) -> Result<(), SchemaError> {
        // Typical schemata are a handful of names: pairwise comparison costs
        // less than building a set on every body processed.
        if self.attributes.len() + self.blocks.len() <= SMALL_SCHEMA {
            for (i, a) in self.attributes.iter().enumerate() {
                if self.attributes[..i].iter().any(|b| b.name == a.name) {
                    return Err(SchemaError::DuplicateAttribute(a.name.clone()));
                }
            }
            if let Some(b) = self
                .blocks
                .iter()
                .find(|b| self.attributes.iter().any(|a| a.name == b.type_name))
            {
                return Err(SchemaError::BlockNamedLikeAttribute(b.type_name.clone()));
            }
            return Ok(());
        }
        let mut attrs = BTreeSet::new();
        for a in &self.attributes {
            if !attrs.insert(a.name.as_str()) {
                return Err(SchemaError::DuplicateAttribute(a.name.clone()));
            }
        }
        if let Some(b) = self
            .blocks
            .iter()
            .find(|b| attrs.contains(b.type_name.as_str()))
        {
            return Err(SchemaError::BlockNamedLikeAttribute(b.type_name.clone()));
        }
        Ok(())
    }
}

/// Up to this many names, [`BodySchema::validate`] compares pairwise.
const SMALL_SCHEMA: usize = 24;

/// A schema that breaks the information model's rules: an application bug,
/// reported as a diagnostic without a source range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SchemaError {
    /// The same attribute name appears twice.
    DuplicateAttribute(String),
    /// A block type has the name of an attribute.
    BlockNamedLikeAttribute(String),
}

impl std::fmt::Display for SchemaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SchemaError::DuplicateAttribute(n) => {
                write!(f, "the schema requests attribute `{n}` twice")
            }
            SchemaError::BlockNamedLikeAttribute(n) => write!(
                f,
                "the schema requests block type `{n}`, which is also an attribute name"
            ),
        }
    }
}

impl std::error::Error for SchemaError {}

impl From<SchemaError> for Diagnostic {
    fn from(e: SchemaError) -> Diagnostic {
        Diagnostic::error(
            "Invalid schema",
            format!("{e}; this is a bug in the application, not in the configuration"),
        )
    }
}

#[cfg(test)]
mod test {
    /// The reference keys its wanted blocks by type: a type listed twice
    /// takes the last entry's labels, in both syntaxes.
    #[test]
    fn a_block_type_listed_twice_takes_the_last_entry() {
        use super::{BlockHeaderSchema, BodySchema};
        let labelled = BodySchema::new()
            .block(BlockHeaderSchema::new("svc", [] as [&str; 0]))
            .block(BlockHeaderSchema::new("svc", ["name"]));
        let bare = BodySchema::new()
            .block(BlockHeaderSchema::new("svc", ["name"]))
            .block(BlockHeaderSchema::new("svc", [] as [&str; 0]));
        for (file, text) in [
            ("a.hcl", "svc \"a\" {\n}\n"),
            ("a.json", "{\"svc\": {\"a\": {}}}"),
        ] {
            let (body, diags) = crate::load::parse_source(file, text);
            assert!(diags.is_empty(), "{file}");
            let (content, diags) = body.content(&labelled);
            assert!(diags.is_empty(), "{file}: {diags:?}");
            assert_eq!(content.blocks[0].labels, ["a"], "{file}");
            // Without labels: an error in the native syntax ("Extraneous
            // label"), an unlabelled block whose body is `{"a": {}}` in JSON.
            let (content, diags) = body.content(&bare);
            assert!(
                diags.has_errors() || content.blocks[0].labels.is_empty(),
                "{file}"
            );
        }
    }

    use super::*;

    #[test]
    fn schema_same_attribute_twice_is_an_error() {
        let s = BodySchema::new()
            .attribute(AttributeSchema::required("a"))
            .attribute(AttributeSchema::optional("a"));
        assert_eq!(
            s.validate(),
            Err(SchemaError::DuplicateAttribute("a".into()))
        );
    }

    #[test]
    fn schema_block_type_named_like_attribute_is_an_error() {
        let s = BodySchema::new()
            .attribute(AttributeSchema::optional("x"))
            .block(BlockHeaderSchema::new("x", Vec::<String>::new()));
        assert_eq!(
            s.validate(),
            Err(SchemaError::BlockNamedLikeAttribute("x".into()))
        );
        let d = Diagnostic::from(s.validate().unwrap_err());
        assert_eq!(d.summary, "Invalid schema");
    }
}
