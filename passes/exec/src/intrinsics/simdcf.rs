//! (family under construction)
use super::SemFn;

pub const TABLE: &[(&str, SemFn)] = &[];
