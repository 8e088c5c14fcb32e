//! Extensions beside the core language, as hashicorp/hcl's `ext/` packages
//! offer them: [`dynblock`] (blocks generated from collections with
//! `dynamic "type" { ... }`).

pub mod dynblock;
