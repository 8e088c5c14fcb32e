//! [`Text`]: the owned text of a JSON string, key or number.

use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// Bytes that fit inline: with the length byte and the variant tag, a
/// `Text` is as large as a `Vec`, so nodes do not grow.
const INLINE: usize = 22;

/// The owned text of a string, key or number in a JSON tree; dereferences
/// to `str`.
///
/// Most keys, short strings and numbers are stored inline, so that a parse
/// does not allocate once per token; longer texts live on the heap.
///
/// ```
/// use hcl_core::json::syntax::Text;
/// let t = Text::from("instance_type");
/// assert_eq!(&*t, "instance_type");
/// assert_eq!(t, Text::from(String::from("instance_type")));
/// ```
#[derive(Clone)]
pub struct Text(Repr);

#[derive(Clone)]
enum Repr {
    Inline { len: u8, buf: [u8; INLINE] },
    Heap(Box<str>),
}

impl Text {
    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Always valid: the bytes were copied from a `str`, whole.
            Repr::Inline { len, buf } => buf
                .get(..*len as usize)
                .and_then(|b| std::str::from_utf8(b).ok())
                .unwrap_or_default(),
            Repr::Heap(s) => s,
        }
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        if s.len() <= INLINE {
            let mut buf = [0u8; INLINE];
            buf[..s.len()].copy_from_slice(s.as_bytes());
            Text(Repr::Inline {
                len: s.len() as u8,
                buf,
            })
        } else {
            Text(Repr::Heap(s.into()))
        }
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        if s.len() <= INLINE {
            Text::from(s.as_str())
        } else {
            Text(Repr::Heap(s.into_boxed_str()))
        }
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Hash for Text {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn text_is_stored_inline_up_to_the_limit_and_on_the_heap_beyond() {
        for len in [0, 1, INLINE - 1, INLINE, INLINE + 1, 100] {
            let s = "é".repeat(len / 2) + &"x".repeat(len % 2);
            let t = Text::from(s.as_str());
            assert_eq!(t.as_str(), s);
            assert_eq!(Text::from(s.clone()), t);
            let inline = matches!(t.0, Repr::Inline { .. });
            assert_eq!(inline, s.len() <= INLINE, "{len}");
        }
        assert_eq!(std::mem::size_of::<Text>(), std::mem::size_of::<Vec<u8>>());
    }
}
