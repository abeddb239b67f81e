//! The binding-table indices IGC's vector-compute backend gives a kernel's surfaces and samplers.
//!
//! Why: IGC replaces every surface and sampler argument by a constant index (vISA `movs T8 0x1`), so running a
//! kernel's vISA next to its IR needs the same indices as the IR's surface arguments.
//!
//! The rule itself is `genx_passes::bti` (the vISA route binds its surfaces by it too); this module maps the
//! bridge's argument kinds (the opaque type names the adaptor gives surfaces) onto its argument classes.

use crate::adaptor::{ArgKind, Kernel};
pub use genx_passes::bti::Binding;
use genx_passes::bti::{assign, ArgClass};

fn is_sampler(name: &str) -> bool {
    name.ends_with("sampler_t")
}

fn is_read_only_image(name: &str) -> bool {
    name.contains("image") && name.ends_with("_ro_t")
}

/// The binding of each argument of `kernel`, in argument order (the rule is `genx_passes::bti`'s).
pub fn bindings(kernel: &Kernel) -> Vec<Binding> {
    let classes: Vec<ArgClass> = kernel
        .args
        .iter()
        .map(|arg| match arg {
            ArgKind::Value => ArgClass::Value,
            ArgKind::Pointer => ArgClass::Pointer,
            ArgKind::Opaque(name) if is_sampler(name) => ArgClass::Sampler,
            ArgKind::Opaque(name) if is_read_only_image(name) => ArgClass::ReadOnlyImage,
            ArgKind::Opaque(_) => ArgClass::Surface,
        })
        .collect();
    assign(&classes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argument_kinds_map_onto_the_rule() {
        let kernel = Kernel {
            name: "k".into(),
            args: vec![
                ArgKind::Opaque("intel.buffer_rw_t".into()),
                ArgKind::Value,
                ArgKind::Opaque("opencl.image2d_ro_t".into()),
                ArgKind::Pointer,
                ArgKind::Opaque("opencl.sampler_t".into()),
                ArgKind::Opaque("opencl.image2d_wo_t".into()),
            ],
            slm_size: 0,
            location: None,
        };
        let classes = [
            ArgClass::Surface,
            ArgClass::Value,
            ArgClass::ReadOnlyImage,
            ArgClass::Pointer,
            ArgClass::Sampler,
            ArgClass::Surface,
        ];
        assert_eq!(bindings(&kernel), assign(&classes));
    }
}
