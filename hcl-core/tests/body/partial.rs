//! partial
