//! The function table of an evaluation context.

use std::collections::BTreeMap;

use super::Function;

/// A table of named functions.
///
/// Names may be namespaced (`provider::example::echo`), as the native syntax
/// allows.
///
/// ```
/// use hcl_core::function::{Function, Functions};
/// let mut table = Functions::new();
/// table.insert("noop", Function::builder().implementation(|_, _| Ok(hcl_core::Value::dynamic())));
/// assert!(table.get("noop").is_some());
/// assert_eq!(table.suggest("nop"), Some("noop"));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Functions {
    by_name: BTreeMap<String, Function>,
}

impl Functions {
    /// An empty table.
    pub fn new() -> Functions {
        Functions::default()
    }

    /// Adds or replaces a function.
    pub fn insert(&mut self, name: impl Into<String>, function: Function) -> Option<Function> {
        self.by_name.insert(name.into(), function)
    }

    /// The function called `name`.
    pub fn get(&self, name: &str) -> Option<&Function> {
        self.by_name.get(name)
    }

    /// Whether the table has no functions.
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }

    /// The number of functions.
    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    /// The names, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.by_name.keys().map(String::as_str)
    }

    /// Iterates over the functions by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Function)> {
        self.by_name.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The known name closest to a mistyped `name`, for "did you mean"
    /// hints (within a small edit distance, as the reference suggests).
    pub fn suggest(&self, name: &str) -> Option<&str> {
        crate::suggest::closest(name, self.names())
    }
}

impl FromIterator<(String, Function)> for Functions {
    fn from_iter<I: IntoIterator<Item = (String, Function)>>(iter: I) -> Self {
        Functions {
            by_name: iter.into_iter().collect(),
        }
    }
}

impl Extend<(String, Function)> for Functions {
    fn extend<I: IntoIterator<Item = (String, Function)>>(&mut self, iter: I) {
        self.by_name.extend(iter);
    }
}
