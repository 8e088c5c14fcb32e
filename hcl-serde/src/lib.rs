//! Typed decoding of HCL configuration into `#[derive(HclDecode)]` structs
//! and into any other `serde::Deserialize` type.
//!
//! Modules, in pipeline order:
//!
//! - [`decode`]: the [`Decode`] trait (what every entry point takes: the
//!   derive implements it, and every plain serde type has it), block and
//!   remain field shapes, and the [`Decoder`] that collects every
//!   diagnostic of a decode.
//! - [`de`]: the serde Deserializers: over evaluated values, with the
//!   spec's conversions (`"8080"` → `u16`, `5` → `String`, `"true"` →
//!   `bool`, …), and over whole bodies (attributes as fields, blocks as
//!   nested structs, sequences or maps keyed by label).
//! - [`Spanned`]: a value with its source range.
//! - [`Error`]: every problem of a decode, with ranges and field paths.
//! - [`ser`]: the other direction: [`to_string`], [`to_vec`],
//!   [`to_writer`] write any `serde::Serialize` type as native syntax.
//!
//! Entry points: [`from_str`], [`from_slice`], [`from_reader`] (native
//! syntax), [`from_str_with`] (a file name choosing the syntax, and an
//! evaluation context), [`from_file`] (JSON syntax for `.json`),
//! [`from_files`], [`from_paths`] and [`from_dir`] for one configuration
//! written across several files, and [`from_body`] for a body already
//! parsed (a remain body, say). They are shorthands for [`Options`], which
//! also takes the [`Limits`] of the parse, the evaluations and the decode
//! (nesting depth, the evaluation budget, diagnostics kept).
//!
//! Every entry point takes any `T: Decode`: a derived type decodes through
//! its generated schema decoder (labels, remain bodies, expression fields,
//! every diagnostic); a plain serde type reads the body through
//! [`de::BodyDeserializer`]. One route: entry point → [`Decode::decode_body`]
//! → (generated code →) [`Decoder`] → the value deserializer for each
//! attribute; no request, body or error travels beside it in a
//! thread-local.
//!
//! Decisions: the `Decode` trait lives here, in the runtime crate, with
//! the Deserializer its attribute fields use (the derive, in `hcl-derive`,
//! is re-exported behind the default `derive` feature); attribute values
//! that are literals of the native syntax are deserialized straight from
//! the syntax tree (no intermediate `Value`); a native-syntax body that
//! matches its schema cleanly is read from the tree too, without building
//! the generic attribute and block values (any problem sends that body
//! down the generic path, which reports it; see [`decode::Content`]);
//! problems are collected, never stopped at, and come back sorted by
//! source position.

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

pub mod de;
pub mod decode;
mod error;
pub mod ser;
mod spanned;

pub use decode::{decode_body, BlockField, Decode, Decoder, LabelField, RemainField};
pub use error::{Entry, Error};
pub use ser::{to_string, to_vec, to_writer};
pub use spanned::Spanned;

/// `#[derive(HclDecode)]`: implements [`Decode`] for a struct; see [`Decode`].
#[cfg(feature = "derive")]
pub use hcl_derive::HclDecode;

/// `#[derive(HclEncode)]`: implements `serde::Serialize` (and
/// [`ser::EncodeBlocks`]) for a type that derives [`HclDecode`], so that
/// [`to_string`] writes what [`from_str`] reads back; see
/// [`ser::EncodeBlocks`].
#[cfg(feature = "derive")]
pub use hcl_derive::HclEncode;

use hcl_core::diag::quoted;
use hcl_core::{Body, Diagnostics, EvalContext, Limits, SourceFile};

/// The file name messages use for text given without one.
pub const DEFAULT_NAME: &str = "<input>";

/// Decodes native-syntax text into `T`, in literal-only mode (no variables
/// or functions; see [`from_str_with`]).
///
/// ```
/// use hcl_serde::HclDecode;
///
/// #[derive(HclDecode, Debug, PartialEq)]
/// struct Service {
///     #[hcl(label)]
///     name: String,
///     port: u16,
///     tags: Option<Vec<String>>,
/// }
///
/// #[derive(HclDecode, Debug)]
/// struct Config {
///     name: String,
///     #[hcl(block)]
///     service: Vec<Service>,
/// }
///
/// let config: Config = hcl_serde::from_str(r#"
/// name = "shop"
/// service "web" {
///   port = "8080"
/// }
/// "#).unwrap();
/// assert_eq!(config.service[0], Service { name: "web".into(), port: 8080, tags: None });
///
/// let err = hcl_serde::from_str::<Config>("name = \"shop\"\nservice \"web\" { port = 70000 }\n").unwrap_err();
/// assert_eq!(err.entries()[0].path, r#"service["web"].port"#);
/// assert_eq!(err.entries()[0].diagnostic.detail, "Unsuitable value: 70000 is out of range for u16");
/// ```
pub fn from_str<T: Decode>(src: &str) -> Result<T, Error> {
    Options::new().from_str(src)
}

/// Decodes native-syntax bytes into `T`; invalid UTF-8 is a diagnostic.
pub fn from_slice<T: Decode>(bytes: &[u8]) -> Result<T, Error> {
    Options::new().from_slice(bytes)
}

/// Reads everything from `reader` and decodes it as native syntax.
pub fn from_reader<T: Decode, R: std::io::Read>(reader: R) -> Result<T, Error> {
    Options::new().from_reader(reader)
}

/// Decodes `src`, named `name` in messages, in the syntax the name calls
/// for (JSON for `.json`), evaluating expressions in `ctx` (`None`:
/// literal-only mode).
///
/// ```
/// use hcl_serde::HclDecode;
///
/// #[derive(HclDecode)]
/// struct App { greeting: String, port: u16 }
///
/// let app: App = hcl_serde::from_str_with("app.hcl.json", r#"{"greeting": "hello", "port": "80"}"#, None).unwrap();
/// assert_eq!((app.greeting.as_str(), app.port), ("hello", 80));
/// ```
pub fn from_str_with<T: Decode>(
    name: &str,
    src: &str,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    Options::new().context_opt(ctx).from_named_str(name, src)
}

/// Reads and decodes a file: JSON syntax when its name ends in `.json`,
/// native syntax otherwise.
pub fn from_file<T: Decode>(
    path: impl AsRef<std::path::Path>,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    Options::new().context_opt(ctx).from_file(path)
}

/// Decodes one configuration written across several files (Terraform's
/// module directories, `conf.d/*.hcl`): each file is parsed in the syntax
/// its name calls for (JSON for `.json`), and the bodies are merged as the
/// spec's merged bodies (`hcl_core::body::merge_bodies`): an attribute may
/// be set in any one file, blocks come from all of them in file order.
/// Diagnostics name the file they are in; one [`Error`] covers them all.
///
/// ```
/// use hcl_core::SourceFile;
/// use hcl_serde::HclDecode;
///
/// #[derive(HclDecode, Debug)]
/// struct Service {
///     #[hcl(label)]
///     name: String,
///     port: u16,
/// }
///
/// #[derive(HclDecode, Debug)]
/// struct Config {
///     region: String,
///     #[hcl(block)]
///     service: Vec<Service>,
/// }
///
/// let files = [
///     SourceFile::new("main.hcl", "region = \"eu\"\nservice \"web\" { port = 80 }\n"),
///     SourceFile::new("api.hcl.json", r#"{"service": {"api": {"port": 8080}}}"#),
/// ];
/// let c: Config = hcl_serde::from_files(files, None).unwrap();
/// assert_eq!(c.service.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["web", "api"]);
///
/// let twice = [
///     SourceFile::new("a.hcl", "region = \"eu\"\n"),
///     SourceFile::new("b.hcl", "region = \"us\"\n"),
/// ];
/// let err = hcl_serde::from_files::<Config>(twice, None).unwrap_err();
/// assert_eq!(err.summary(), "Duplicate argument");
/// assert_eq!(&*err.entries()[0].diagnostic.subject.clone().unwrap().filename, "b.hcl");
/// ```
pub fn from_files<T: Decode>(
    files: impl IntoIterator<Item = SourceFile>,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    Options::new().context_opt(ctx).from_files(files)
}

/// Reads and decodes several files as one configuration (see
/// [`from_files`]); a file that cannot be read is a diagnostic naming it.
pub fn from_paths<T: Decode>(
    paths: impl IntoIterator<Item = impl AsRef<std::path::Path>>,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    Options::new().context_opt(ctx).from_paths(paths)
}

/// Reads and decodes every `.hcl` and `.hcl.json` file of a directory (not
/// its subdirectories), in file-name order, as one configuration (see
/// [`from_files`]). A directory without such a file is an error ("No
/// configuration files").
pub fn from_dir<T: Decode>(
    dir: impl AsRef<std::path::Path>,
    ctx: Option<&EvalContext>,
) -> Result<T, Error> {
    Options::new().context_opt(ctx).from_dir(dir)
}

/// The `.hcl` and `.hcl.json` files of `dir`, sorted by name.
fn config_files_in(dir: &std::path::Path) -> Result<Vec<std::path::PathBuf>, Error> {
    let unreadable = |e: std::io::Error| {
        Error::message(
            "Failed to read directory",
            format!(
                "The directory {} could not be read: {e}.",
                quoted(&dir.display().to_string())
            ),
        )
    };
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(unreadable)? {
        let path = entry.map_err(unreadable)?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if (name.ends_with(".hcl") || name.ends_with(".hcl.json")) && path.is_file() {
            paths.push(path);
        }
    }
    if paths.is_empty() {
        // An empty configuration would be decoded otherwise, and its first
        // missing argument reported at no file: say what is wrong.
        return Err(Error::message(
            "No configuration files",
            format!(
                "The directory {} holds no .hcl or .hcl.json file.",
                quoted(&dir.display().to_string())
            ),
        ));
    }
    paths.sort();
    Ok(paths)
}

/// Decodes an existing body (from either syntax) into `T`, evaluating
/// expressions in `ctx` (`None`: literal-only mode). The error displays
/// source snippets for the files the body came from.
///
/// ```
/// use hcl_core::load::parse_source_file;
/// use hcl_core::SourceFile;
/// use hcl_serde::HclDecode;
///
/// #[derive(HclDecode, Debug)]
/// struct App { port: u16 }
///
/// let (body, _) = parse_source_file(&SourceFile::new("app.hcl.json", r#"{"port": 70000}"#));
/// let err = hcl_serde::from_body::<App>(&body, None).unwrap_err();
/// assert!(err.to_string().contains(r#"1: {"port": 70000}"#));
/// ```
pub fn from_body<T: Decode>(body: &Body, ctx: Option<&EvalContext>) -> Result<T, Error> {
    Options::new().context_opt(ctx).from_body(body)
}

/// How to decode: the [`Limits`] of the parse, the evaluations and the
/// decode, and the evaluation context. The `from_*` functions of the crate
/// are shorthands for `Options::new()` with a context or none.
///
/// The limits apply to the parser (nesting depth, diagnostics kept), to
/// the decoder (how deeply blocks and values nest) and to every evaluation
/// (depth and budget), with a context (used with these limits) or in
/// literal-only mode (where a `for` over literals still evaluates). Without
/// [`limits`](Options::limits), the context's limits apply (the defaults
/// when there is none).
///
/// ```
/// use hcl_core::{EvalContext, Limits, Value};
/// use hcl_serde::{HclDecode, Options};
///
/// #[derive(HclDecode, Debug)]
/// struct App { names: Vec<String> }
///
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("n", Value::from(3));
/// let src = "names = [for i in range(n) : \"web-${i}\"]\n";
/// # ctx.add_functions(&hcl_core::function::stdlib::functions());
/// let app: App = Options::new().context(&ctx).from_str(src).unwrap();
/// assert_eq!(app.names, ["web-0", "web-1", "web-2"]);
///
/// // A tighter evaluation budget: the loop's three names are too many.
/// let tight = Limits::default().with_max_elements(4);
/// let err = Options::new().limits(tight).context(&ctx).from_str::<App>(src).unwrap_err();
/// assert_eq!(err.diagnostics().next().unwrap().summary, "Evaluation limit exceeded");
///
/// // A tighter depth: the list nests two levels deep in the file.
/// let err = Options::new()
///     .limits(Limits::default().with_max_depth(1))
///     .from_str::<App>("names = [[\"a\"]]\n")
///     .unwrap_err();
/// assert_eq!(err.diagnostics().next().unwrap().summary, "Maximum nesting depth exceeded");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    limits: Option<Limits>,
    ctx: Option<&'a EvalContext>,
}

impl<'a> Options<'a> {
    /// Literal-only mode, the context's limits (here the defaults).
    pub fn new() -> Options<'a> {
        Options::default()
    }

    /// Parses, evaluates and decodes within `limits`.
    pub fn limits(mut self, limits: Limits) -> Options<'a> {
        self.limits = Some(limits);
        self
    }

    /// Evaluates expressions in `ctx` (full expression mode).
    pub fn context(self, ctx: &'a EvalContext) -> Options<'a> {
        self.context_opt(Some(ctx))
    }

    /// Evaluates expressions in `ctx`; `None` is literal-only mode.
    pub fn context_opt(mut self, ctx: Option<&'a EvalContext>) -> Options<'a> {
        self.ctx = ctx;
        self
    }

    /// The limits in force: those given, else the context's.
    pub fn effective_limits(&self) -> Limits {
        self.limits
            .or_else(|| self.ctx.map(|c| *c.limits()))
            .unwrap_or_default()
    }

    /// Decodes native-syntax text into `T` (see [`from_str`]).
    #[allow(clippy::should_implement_trait)] // like serde_json::from_str: generic in T, not FromStr
    pub fn from_str<T: Decode>(&self, src: &str) -> Result<T, Error> {
        let file = SourceFile::new(DEFAULT_NAME, src);
        let (body, diags) = hcl_core::native::parse_body(&file, &self.effective_limits());
        self.decode_parsed(body, diags)
            .map_err(|e| e.with_source(file))
    }

    /// Decodes `src`, named `name` in messages, in the syntax the name
    /// calls for (JSON for `.json`; see [`from_str_with`]).
    pub fn from_named_str<T: Decode>(&self, name: &str, src: &str) -> Result<T, Error> {
        self.decode_named_text(name, src)
    }

    /// [`from_named_str`](Self::from_named_str) of text that may be owned:
    /// a `String` read from a file becomes the source file's text without
    /// a copy.
    fn decode_named_text<T: Decode>(
        &self,
        name: &str,
        src: impl Into<Box<str>>,
    ) -> Result<T, Error> {
        let file = SourceFile::new(name, src);
        let (body, diags) = hcl_core::load::parse_source_file_with(&file, &self.effective_limits());
        self.decode_parsed(body, diags)
            .map_err(|e| e.with_source(file))
    }

    /// Decodes native-syntax bytes into `T`; invalid UTF-8 is a diagnostic.
    pub fn from_slice<T: Decode>(&self, bytes: &[u8]) -> Result<T, Error> {
        let limits = self.effective_limits();
        let (body, diags) = hcl_core::native::parse_body_bytes(DEFAULT_NAME, bytes, &limits);
        self.decode_parsed(body, diags)
    }

    /// Reads everything from `reader` and decodes it as native syntax.
    pub fn from_reader<T: Decode, R: std::io::Read>(&self, mut reader: R) -> Result<T, Error> {
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .map_err(|e| Error::message("Failed to read input", e.to_string()))?;
        self.from_slice(&bytes)
    }

    /// Reads and decodes a file: JSON syntax when its name ends in
    /// `.json`, native syntax otherwise.
    pub fn from_file<T: Decode>(&self, path: impl AsRef<std::path::Path>) -> Result<T, Error> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|e| {
            Error::message(
                "Failed to read file",
                format!(
                    "The file {} could not be read: {e}.",
                    quoted(&path.display().to_string())
                ),
            )
        })?;
        self.decode_named_text(&path.display().to_string(), text)
    }

    /// Decodes one configuration written across several files (see
    /// [`from_files`]).
    pub fn from_files<T: Decode>(
        &self,
        files: impl IntoIterator<Item = SourceFile>,
    ) -> Result<T, Error> {
        let limits = self.effective_limits();
        let mut diags = Diagnostics::new();
        let mut bodies = Vec::new();
        for file in files {
            let (body, more) = hcl_core::load::parse_source_file_with(&file, &limits);
            diags.extend(more);
            bodies.push(body);
        }
        self.decode_merged(hcl_core::body::merge_bodies(bodies), diags)
    }

    /// Reads and decodes several files as one configuration (see
    /// [`from_paths`]).
    pub fn from_paths<T: Decode>(
        &self,
        paths: impl IntoIterator<Item = impl AsRef<std::path::Path>>,
    ) -> Result<T, Error> {
        let (body, diags) = hcl_core::load::parse_files_with(paths, &self.effective_limits());
        self.decode_merged(body, diags)
    }

    /// Reads and decodes every `.hcl` and `.hcl.json` file of a directory
    /// as one configuration (see [`from_dir`]).
    pub fn from_dir<T: Decode>(&self, dir: impl AsRef<std::path::Path>) -> Result<T, Error> {
        self.from_paths(config_files_in(dir.as_ref())?)
    }

    /// Decodes an existing body (from either syntax) into `T` (see
    /// [`from_body`]).
    pub fn from_body<T: Decode>(&self, body: &Body) -> Result<T, Error> {
        let limits = self.effective_limits();
        // The context, with these limits for its evaluations. Literal-only
        // mode with limits of its own evaluates in an empty context: one
        // with no variable or function map behaves as no context at all
        // ("Variables not allowed", as the reference's nil maps), and it
        // carries the limits. Cloning a context shares its maps.
        let owned;
        let ctx = match self.ctx {
            Some(c) if *c.limits() == limits => Some(c),
            None if limits == Limits::DEFAULT => None,
            ctx => {
                let mut c = ctx.cloned().unwrap_or_default();
                c.set_limits(limits);
                owned = c;
                Some(&owned)
            }
        };
        decode::decode_body_within::<T>(body, ctx, limits.max_depth)
            .map_err(|e| body.sources().into_iter().fold(e, Error::with_source))
    }

    /// Syntax errors of any file stop before decoding (as for one file);
    /// the error can draw snippets from every file.
    fn decode_merged<T: Decode>(&self, body: Body, diags: Diagnostics) -> Result<T, Error> {
        if diags.has_errors() {
            let e = Error::from_diagnostics(diags);
            return Err(body.sources().into_iter().fold(e, Error::with_source));
        }
        self.from_body(&body)
    }

    /// Syntax errors stop before decoding: decoding a body the parser
    /// recovered from would add cascading errors about what it skipped.
    fn decode_parsed<T: Decode>(&self, body: Body, diags: Diagnostics) -> Result<T, Error> {
        if diags.has_errors() {
            return Err(Error::from_diagnostics(diags));
        }
        self.from_body(&body)
    }
}

/// What generated code needs; not for applications.
#[doc(hidden)]
pub mod __private {
    pub use hcl_core;
    pub use serde;
    pub use std::sync::OnceLock;

    use hcl_core::diag::quoted;

    pub use crate::decode::dispatch;

    /// The block types a block field's type claims, known at compile time:
    /// a block-type enum's variants, in a shape (`BlockTypeNames<T,
    /// Shape>`) or alone (`BlockTypeNames<T, One>`), through the inherent
    /// constant, which applies only when the bound holds; every other type
    /// falls back to [`NoVariants`]'s empty list (the field then claims its
    /// own name). Two markers rather than two inherent impls on one type,
    /// whose constants would clash.
    pub struct BlockTypeNames<T: ?Sized, S>(core::marker::PhantomData<(fn() -> S, T)>);

    /// [`BlockTypeNames`] of a [`BlockField`](crate::BlockField) shape.
    pub struct Shape;

    /// [`BlockTypeNames`] of a lone [`BlockKind`](crate::decode::BlockKind).
    pub struct One;

    impl<T: crate::BlockField> BlockTypeNames<T, Shape> {
        /// The variants' block types.
        pub const NAMES: &'static [&'static str] = T::TYPE_NAMES;
    }

    impl<T: crate::decode::BlockKind> BlockTypeNames<T, One> {
        /// The variants' block types.
        pub const NAMES: &'static [&'static str] = T::TYPE_NAMES;
    }

    /// The fallback of [`BlockTypeNames`].
    pub trait NoVariants {
        /// No variants: the field's own name is its block type.
        const NAMES: &'static [&'static str] = &[];
    }

    impl<T: ?Sized, S> NoVariants for BlockTypeNames<T, S> {}

    /// The labels of a one-level map's value type, for the derive's
    /// compile-time check that it takes at most one: `T::LABELS` when `T`
    /// is [`Decode`](crate::Decode) (the inherent constant), else none
    /// ([`NoLabels`]), so that a value type that is not decodable is
    /// reported once, by the field's decoder, not by the check too.
    pub struct LabelsOf<T: ?Sized>(core::marker::PhantomData<T>);

    impl<T: crate::Decode> LabelsOf<T> {
        /// `T`'s labels.
        pub const LABELS: &'static [&'static str] = T::LABELS;
    }

    /// The fallback of [`LabelsOf`].
    pub trait NoLabels {
        /// No labels.
        const LABELS: &'static [&'static str] = &[];
    }

    impl<T: ?Sized> NoLabels for LabelsOf<T> {}

    /// Whether two lists of names share one (a `const fn`, for the
    /// derive's compile-time checks).
    pub const fn names_overlap(a: &[&str], b: &[&str]) -> bool {
        let mut i = 0;
        while i < a.len() {
            let mut j = 0;
            while j < b.len() {
                if same_str(a[i], b[j]) {
                    return true;
                }
                j += 1;
            }
            i += 1;
        }
        false
    }

    const fn same_str(a: &str, b: &str) -> bool {
        let (a, b) = (a.as_bytes(), b.as_bytes());
        if a.len() != b.len() {
            return false;
        }
        let mut i = 0;
        while i < a.len() {
            if a[i] != b[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The message of a derived string enum for a value that names no
    /// variant: the variants, and the closest one.
    #[cold]
    pub fn unknown_variant(given: &str, names: &[&str]) -> String {
        let hint = match hcl_core::suggest::closest(given, names.iter().copied()) {
            Some(s) => format!("; did you mean {s}?", s = quoted(s)),
            None => String::new(),
        };
        format!("{} is not {}{hint}", quoted(given), one_of(names))
    }

    /// What a derived string enum expects, `one of "a", "b"`: its
    /// variants' names quoted as every message quotes names.
    #[cold]
    pub fn one_of(names: &[&str]) -> String {
        let list: Vec<String> = names.iter().map(|n| quoted(n).to_string()).collect();
        format!("one of {}", list.join(", "))
    }
}
