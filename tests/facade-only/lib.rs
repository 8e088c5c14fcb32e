//! Nothing here: the package exists for its tests (see Cargo.toml).
