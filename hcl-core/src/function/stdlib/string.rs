//! Standard functions: string family.

use crate::function::Functions;

pub(super) fn register(_table: &mut Functions) {}
