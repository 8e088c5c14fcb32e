//! The static checker, construct by construct, and the properties of the
//! extended type rules.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod checker;
mod properties;
