//! Shared code of the `hcl` and `hcldec` binaries, which land with the CLI
//! issue; this crate exists now so that the workspace has its final shape.
