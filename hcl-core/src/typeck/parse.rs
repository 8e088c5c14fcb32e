//! Reading extended types: the type-expression form that [`ExtendedType`]
//! prints, and variable types, as a JSON map (go-cty's JSON type form,
//! extended) or a native-syntax file of attributes.

use std::collections::BTreeMap;

use super::ty::ExtendedType;
use crate::diag::quoted;
use crate::diag::{Diagnostic, Diagnostics};
use crate::json::parser::{self as json, Node, NodeKind};
use crate::native::ast::{ByteSpan, Expr, ExprKind, TemplatePart};
use crate::native::parse_expr;
use crate::pos::SourceFile;
use crate::Limits;

const INVALID: &str = "Invalid type specification";
const MAX_DEPTH: usize = 128;

/// Parses a type written as [`ExtendedType`] prints it: the keywords `bool`,
/// `number`, `int`, `string`, `none` and `any` (or `dynamic`), and
/// `list(T)`, `map(T)`, `set(T)`, `tuple([T, ...])`, `object({name = T,
/// ...})`, `union(T, ...)` (as [`ExtendedType::union`]: `union(T)` is `T`),
/// `optional(T)` (`union(T, none)`),
/// `promise(T)` and `output(T)`.
///
/// ```
/// use hcl_core::typeck::{parse_type, ExtendedType};
/// let t = parse_type("object({id = output(string), tags = optional(map(string))})").unwrap();
/// assert_eq!(t, ExtendedType::object([
///     ("id", ExtendedType::output(ExtendedType::String)),
///     ("tags", ExtendedType::optional(ExtendedType::map(ExtendedType::String))),
/// ]));
/// assert_eq!(parse_type(&t.to_string()).unwrap(), t);
/// assert!(parse_type("list(strin)").is_err());
/// ```
///
/// # Errors
///
/// A message (lowercase, as the project's own messages) when the text is
/// not a type.
pub fn parse_type(text: &str) -> Result<ExtendedType, String> {
    let src = SourceFile::new("<type>", text);
    let (expr, diags) = parse_expr(&src, &Limits::default());
    if let Some(d) = diags.iter().find(|d| d.is_error()) {
        return Err(d.summary.to_lowercase());
    }
    type_from_expr(&expr, text).map_err(|(_, msg)| msg)
}

/// Reads a type from a parsed expression; the error gives the span at fault
/// and a message.
///
/// # Errors
///
/// When the expression is not a type expression.
pub fn type_from_expr(expr: &Expr, src: &str) -> Result<ExtendedType, (ByteSpan, String)> {
    from_expr(expr, src, 0)
}

fn from_expr(expr: &Expr, src: &str, depth: usize) -> Result<ExtendedType, (ByteSpan, String)> {
    let fail = |span: ByteSpan, msg: String| Err((span, msg));
    if depth > MAX_DEPTH {
        return fail(expr.span, "type nests too deeply".into());
    }
    let d = depth + 1;
    match &expr.kind {
        ExprKind::Parens(inner) => from_expr(inner, src, d),
        ExprKind::Null => Ok(ExtendedType::None),
        ExprKind::Variable => match expr.span.text(src) {
            "bool" => Ok(ExtendedType::Bool),
            "number" => Ok(ExtendedType::Number),
            "int" => Ok(ExtendedType::Int),
            "string" => Ok(ExtendedType::String),
            "none" => Ok(ExtendedType::None),
            "any" | "dynamic" => Ok(ExtendedType::Dynamic),
            kw => fail(expr.span, format!("`{kw}` is not a type")),
        },
        ExprKind::Call(call) => {
            let name = call.full_name(src);
            let one = |what: &str| match call.args.as_slice() {
                [arg] => from_expr(arg, src, d),
                _ => Err((
                    expr.span,
                    format!("`{what}` takes exactly one argument, the element type"),
                )),
            };
            match name.as_str() {
                "list" => one("list").map(ExtendedType::list),
                "map" => one("map").map(ExtendedType::map),
                "set" => one("set").map(ExtendedType::set),
                "promise" => one("promise").map(ExtendedType::promise),
                "output" => one("output").map(ExtendedType::output),
                "optional" => one("optional").map(ExtendedType::optional),
                // As the constructor: `union(T)` is `T`, `union()` is `any`.
                "union" => Ok(ExtendedType::union(
                    call.args
                        .iter()
                        .map(|a| from_expr(a, src, d))
                        .collect::<Result<Vec<_>, _>>()?,
                )),
                "tuple" => match call.args.as_slice() {
                    [Expr {
                        kind: ExprKind::Tuple(items),
                        ..
                    }] => Ok(ExtendedType::tuple(
                        items
                            .items
                            .iter()
                            .map(|a| from_expr(a, src, d))
                            .collect::<Result<Vec<_>, _>>()?,
                    )),
                    _ => fail(
                        expr.span,
                        "`tuple` takes a list of types: `tuple([...])`".into(),
                    ),
                },
                "object" => match call.args.as_slice() {
                    [Expr {
                        kind: ExprKind::Object(obj),
                        ..
                    }] => {
                        let mut attrs = BTreeMap::new();
                        for item in &obj.items {
                            let name = match item.key.as_literal_name(src) {
                                Some(name) => name.to_owned(),
                                None => match quoted_literal(&item.key.expr, src) {
                                    Some(name) => name,
                                    None => return fail(
                                        item.key.expr.span,
                                        "object attribute names must be identifiers or quoted strings"
                                            .into(),
                                    ),
                                },
                            };
                            attrs.insert(name, from_expr(&item.value, src, d)?);
                        }
                        Ok(ExtendedType::Object(std::sync::Arc::new(attrs)))
                    }
                    _ => fail(
                        expr.span,
                        "`object` takes attribute types: `object({name = type})`".into(),
                    ),
                },
                other => fail(
                    call.name_span(),
                    format!("`{other}` is not a type constructor"),
                ),
            }
        }
        _ => fail(expr.span, "a type is required".into()),
    }
}

/// Reads variable types from a native-syntax file of attributes whose
/// values are type expressions (as [`parse_type`] reads them), for example
/// `id = output(string)`. The file's syntax errors come with the
/// diagnostics (reading it is parsing it); a block is "Unexpected block".
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::typeck::{parse_var_types_native, ExtendedType};
/// let src = SourceFile::new("types.hcl", "region = string\nids = list(output(string))\n");
/// let (types, diags) = parse_var_types_native(&src);
/// assert!(diags.is_empty());
/// assert_eq!(types["ids"], ExtendedType::list(ExtendedType::output(ExtendedType::String)));
/// ```
pub fn parse_var_types_native(file: &SourceFile) -> (BTreeMap<String, ExtendedType>, Diagnostics) {
    let (parsed, mut diags) = crate::native::parse_config(file, &Limits::default());
    let range = |span: ByteSpan| file.range(span);
    let mut out = BTreeMap::new();
    for attr in parsed.body().attributes() {
        let name = attr.name();
        match type_from_expr(attr.expr().ast(), file.text()) {
            Ok(t) => {
                out.insert(name.to_owned(), t);
            }
            Err((span, msg)) => diags.push(
                Diagnostic::error(
                    INVALID,
                    format!(
                        "Invalid type for variable {name}: {msg}.",
                        name = quoted(name)
                    ),
                )
                .with_subject(range(span)),
            ),
        }
    }
    for block in parsed.body().blocks() {
        let ty = block.type_name();
        diags.push(
            Diagnostic::error(
                format!("Unexpected {ty} block", ty = quoted(ty)),
                "Blocks are not allowed here: variable types are attributes, such as `id = output(string)`.",
            )
            .with_subject(block.type_range()),
        );
    }
    (out, diags)
}

/// The text of a quoted string without interpolations or directives,
/// escapes decoded.
pub(super) fn quoted_literal(e: &Expr, src: &str) -> Option<String> {
    match &e.kind {
        ExprKind::StringLit => Some(e.span.inner().text(src).to_owned()),
        ExprKind::Template(t) => t
            .parts
            .iter()
            .map(|p| match p {
                TemplatePart::Literal(l) => Some(l.text.as_str(src)),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// Reads a JSON object mapping variable names to extended types, for
/// example `{"name": "string", "id": ["output", "string"], "tags":
/// "optional(map(string))"}`.
///
/// A type is either a string, read by [`parse_type`] (so go-cty's primitive
/// names `"string"`, `"number"`, `"bool"` and `"dynamic"` work, and so does
/// any type expression), or go-cty's JSON array form — `["list", T]`,
/// `["map", T]`, `["set", T]`, `["object", {...}]` (optionally followed by
/// an array of optional attribute names, which become `optional(T)`),
/// `["tuple", [...]]` — extended with `["union", [T, ...]]`,
/// `["optional", T]`, `["promise", T]` and `["output", T]`.
///
/// ```
/// use hcl_core::pos::SourceFile;
/// use hcl_core::typeck::{parse_var_types, ExtendedType};
/// let src = SourceFile::new("types.json", r#"{"region": "string", "ids": ["list", ["output", "string"]]}"#);
/// let (types, diags) = parse_var_types(&src);
/// assert!(diags.is_empty());
/// assert_eq!(types["ids"], ExtendedType::list(ExtendedType::output(ExtendedType::String)));
/// ```
pub fn parse_var_types(file: &SourceFile) -> (BTreeMap<String, ExtendedType>, Diagnostics) {
    let (root, mut diags) = json::parse(file, &crate::Limits::DEFAULT);
    let mut out = BTreeMap::new();
    if diags.has_errors() {
        return (out, diags);
    }
    let NodeKind::Object(props) = &root.kind else {
        diags.push(
            Diagnostic::error(
                "Invalid variable types",
                "The variable types must be a JSON object whose properties are the variable names.",
            )
            .with_subject(file.range(root.start_span())),
        );
        return (out, diags);
    };
    for p in props {
        match json_type(&p.value, 0) {
            Ok(t) => {
                out.insert(p.key.to_string(), t);
            }
            Err((node, msg)) => diags.push(
                Diagnostic::error(
                    INVALID,
                    format!("Invalid type for variable {}: {msg}.", quoted(&p.key)),
                )
                .with_subject(file.range(node.span)),
            ),
        }
    }
    (out, diags)
}

fn json_type(node: &Node, depth: usize) -> Result<ExtendedType, (&Node, String)> {
    if depth > MAX_DEPTH {
        return Err((node, "type nests too deeply".into()));
    }
    let d = depth + 1;
    match &node.kind {
        NodeKind::String(s) => parse_type(s).map_err(|m| (node, m)),
        NodeKind::Array(items) => {
            let Some(kind) = items.first().and_then(Node::as_str) else {
                return Err((node, "a type kind name is required first".into()));
            };
            let arg = |i: usize| {
                items
                    .get(i)
                    .ok_or_else(|| (node, format!("`{kind}` needs its element types")))
            };
            let max_len = if kind == "object" { 3 } else { 2 };
            if items.len() > max_len {
                return Err((node, "unexpected extra data in type description".into()));
            }
            match kind {
                "list" => Ok(ExtendedType::list(json_type(arg(1)?, d)?)),
                "map" => Ok(ExtendedType::map(json_type(arg(1)?, d)?)),
                "set" => Ok(ExtendedType::set(json_type(arg(1)?, d)?)),
                "promise" => Ok(ExtendedType::promise(json_type(arg(1)?, d)?)),
                "output" => Ok(ExtendedType::output(json_type(arg(1)?, d)?)),
                "optional" => Ok(ExtendedType::optional(json_type(arg(1)?, d)?)),
                "tuple" | "union" => {
                    let n = arg(1)?;
                    let NodeKind::Array(es) = &n.kind else {
                        return Err((n, format!("`{kind}` needs an array of types")));
                    };
                    let ts = es
                        .iter()
                        .map(|e| json_type(e, d))
                        .collect::<Result<Vec<_>, _>>()?;
                    Ok(if kind == "tuple" {
                        ExtendedType::tuple(ts)
                    } else {
                        ExtendedType::union(ts)
                    })
                }
                "object" => {
                    let n = arg(1)?;
                    let NodeKind::Object(props) = &n.kind else {
                        return Err((n, "object attribute types must be a JSON object".into()));
                    };
                    let optional: Vec<&str> = match items.get(2) {
                        None => Vec::new(),
                        Some(o) => match &o.kind {
                            NodeKind::Array(names) => {
                                names.iter().filter_map(Node::as_str).collect()
                            }
                            _ => {
                                return Err((o, "optional attribute names must be an array".into()))
                            }
                        },
                    };
                    let mut attrs = BTreeMap::new();
                    for p in props {
                        let t = json_type(&p.value, d)?;
                        let t = if optional.contains(&&*p.key) {
                            ExtendedType::optional(t)
                        } else {
                            t
                        };
                        attrs.insert(p.key.to_string(), t);
                    }
                    Ok(ExtendedType::Object(std::sync::Arc::new(attrs)))
                }
                other => Err((node, format!("`{other}` is not a type kind"))),
            }
        }
        _ => Err((node, "a type is a string or an array".into())),
    }
}
