//! Extensions beside the core language, as hashicorp/hcl's `ext/` packages
//! offer them: [`dynblock`] (blocks generated from collections with
//! `dynamic "type" { ... }`) and [`userfunc`] (functions declared in a
//! configuration with `function "name" { ... }` blocks).

pub mod dynblock;
pub mod userfunc;
