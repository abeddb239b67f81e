//! The binding-table indices IGC's vector-compute backend gives a kernel's surfaces and samplers.
//!
//! Why: IGC replaces every surface and sampler argument by a constant index (vISA `movs T8 0x1`), so running a
//! kernel's vISA next to its IR needs the same indices as the IR's surface arguments. Only this crate knows
//! IGC's conventions.
//!
//! Rule (IGC 1.0.12504.6, `IGC/VectorCompiler/lib/GenXOpts/CMTrans/GenXBTIAssignment.cpp`, NEO path): indices
//! start at 1 (index 0 is reserved for the debugger's system routine on this path; observed on every kernel of the
//! project's corpus); first, in argument order, the read-only images get surface indices and the samplers
//! sampler indices (a separate count from 0); then, in argument order, every other surface and every SVM
//! pointer argument gets the next surface index (an SVM pointer's index is unused by the kernel's code but
//! taken).

use crate::adaptor::{ArgKind, Kernel};

/// How IGC binds one argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Binding {
    /// Passed by value in the thread payload.
    Value,
    /// An SVM pointer (by value, and it takes a surface index).
    Pointer(u32),
    /// A surface replaced by this binding-table index.
    Surface(u32),
    /// A sampler replaced by this sampler index.
    Sampler(u32),
}

fn is_sampler(name: &str) -> bool {
    name.ends_with("sampler_t")
}

fn is_read_only_image(name: &str) -> bool {
    name.contains("image") && name.ends_with("_ro_t")
}

/// The binding of each argument of `kernel`, in argument order.
pub fn bindings(kernel: &Kernel) -> Vec<Binding> {
    let mut out = vec![Binding::Value; kernel.args.len()];
    let (mut surface, mut sampler) = (1u32, 0u32);
    for (i, arg) in kernel.args.iter().enumerate() {
        match arg {
            ArgKind::Opaque(name) if is_sampler(name) => {
                out[i] = Binding::Sampler(sampler);
                sampler += 1;
            }
            ArgKind::Opaque(name) if is_read_only_image(name) => {
                out[i] = Binding::Surface(surface);
                surface += 1;
            }
            _ => {}
        }
    }
    for (i, arg) in kernel.args.iter().enumerate() {
        match arg {
            ArgKind::Opaque(name) if !is_sampler(name) && !is_read_only_image(name) => {
                out[i] = Binding::Surface(surface);
                surface += 1;
            }
            ArgKind::Pointer => {
                out[i] = Binding::Pointer(surface);
                surface += 1;
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_only_images_and_samplers_come_first() {
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
        assert_eq!(
            bindings(&kernel),
            vec![
                Binding::Surface(2),
                Binding::Value,
                Binding::Surface(1),
                Binding::Pointer(3),
                Binding::Sampler(0),
                Binding::Surface(4)
            ]
        );
    }
}
