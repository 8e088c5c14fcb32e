//! typeexpr
