//! What every conformance test needs: the shared folder beside the project
//! (see the `hcl-test-shared` crate, the one place that finds it).

#![allow(unused_imports)]

pub use hcl_test_shared::{config_files, shared_dir};
