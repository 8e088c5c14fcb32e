//! How a `#[derive(HclDecode)]` type is decoded through serde: the derive
//! also implements `serde::Deserialize`, asking for a struct with the
//! private name [`NAME`]; the body deserializers answer by parking a
//! [`Request`] (the body, its block, the context) in a thread-local slot
//! and calling `visit_unit`, and the generated visitor takes the request,
//! runs the type's schema decoder, and parks every diagnostic it found for
//! the deserializer to collect. Out of band, as `Spanned` and `Value`
//! cross serde (no `unsafe`); everything parked is owned (`Body` and
//! `EvalContext` clones are reference-count bumps).
//!
//! With any other deserializer (`serde_json`, say) a derived type is an
//! error that says to decode it with hcl_serde.

use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, Visitor};

use hcl_core::body::{label_count_problem, Block};
use hcl_core::{Body, Diagnostic, EvalContext};

use super::{BodyRef, Decoder, HclDecode, Labels};
use crate::error::{Entry, Error};

/// The struct name a derived type's `Deserialize` asks for.
pub(crate) const NAME: &str = "$__hcl_private_HclDecode";

/// A body for a derived type to decode.
pub(crate) struct Request {
    pub(crate) body: Body,
    /// The block the body belongs to (`None` at the root).
    pub(crate) block: Option<Block>,
    /// How many of the block's labels a containing map already used as
    /// keys.
    pub(crate) level: usize,
    pub(crate) ctx: Option<EvalContext>,
    pub(crate) depth: usize,
    pub(crate) max_depth: usize,
}

thread_local! {
    static REQUESTS: RefCell<Vec<Request>> = const { RefCell::new(Vec::new()) };
    static RESPONSE: RefCell<Option<Vec<Entry>>> = const { RefCell::new(None) };
}

/// The deserializer's side: offers `request` to `visitor` and collects
/// what the decode reported.
pub(crate) fn deliver<'de, V: Visitor<'de>>(
    request: Request,
    visitor: V,
) -> Result<V::Value, Error> {
    let mark = REQUESTS.with(|r| {
        let mut r = r.borrow_mut();
        r.push(request);
        r.len() - 1
    });
    let out = visitor.visit_unit();
    // A visitor that is not a derived type's leaves the request; drop it.
    REQUESTS.with(|r| r.borrow_mut().truncate(mark));
    let entries = RESPONSE.with(|r| r.borrow_mut().take());
    match (out, entries) {
        (Ok(v), _) => Ok(v),
        (Err(_), Some(entries)) if entries.iter().any(|e| e.diagnostic.is_error()) => {
            Err(Error::from_entries(entries))
        }
        (Err(e), _) => Err(e),
    }
}

/// What the generated `Deserialize` impl of a derived type calls.
pub fn deserialize_decoded<'de, T: HclDecode, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    deserializer.deserialize_struct(NAME, &[], DecodedVisitor(PhantomData))
}

struct DecodedVisitor<T>(PhantomData<T>);

impl<'de, T: HclDecode> Visitor<'de> for DecodedVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a block body: `{}` derives HclDecode, so it decodes from a block (a field marked #[hcl(block)]) or a whole body through hcl_serde",
            std::any::type_name::<T>()
        )
    }

    fn visit_unit<E: de::Error>(self) -> Result<T, E> {
        let Some(request) = REQUESTS.with(|r| r.borrow_mut().pop()) else {
            return Err(de::Error::invalid_type(de::Unexpected::Unit, &self));
        };
        let mut d = Decoder::new(request.ctx.as_ref())
            .with_max_depth(request.max_depth)
            .at_depth(request.depth);
        let out = match labels::<T>(&request) {
            Ok(labels) => T::decode_body(BodyRef::from(&request.body), labels, &mut d),
            Err(problem) => {
                d.report((*problem).into());
                None
            }
        };
        let failed = d.has_errors();
        RESPONSE.with(|r| *r.borrow_mut() = Some(d.into_entries()));
        match out {
            Some(v) if !failed => Ok(v),
            _ => Err(de::Error::custom("decoding failed")),
        }
    }
}

/// The labels a derived block type takes: all of the block's, or those
/// left after the keys of the maps it sits in.
fn labels<T: HclDecode>(request: &Request) -> Result<Labels<'_>, Box<Diagnostic>> {
    let Some(block) = &request.block else {
        return Ok(Labels::NONE);
    };
    let wanted = T::LABELS.len();
    let from = if wanted == block.labels.len() {
        0
    } else {
        request.level.min(block.labels.len())
    };
    let names = block.labels.get(from..).unwrap_or_default();
    let ranges = block.label_ranges.get(from..).unwrap_or_default();
    match label_count_problem(&block.type_name, T::LABELS, names.len()) {
        None => Ok(Labels::new(names, ranges)),
        Some(problem) => {
            // The reference's places: the first label too many, or the
            // block header when one is missing.
            let subject = ranges
                .get(wanted)
                .cloned()
                .unwrap_or_else(|| block.def_range.clone());
            Err(Box::new(problem.with_subject(subject)))
        }
    }
}
