//! The binding-table indices IGC's vector-compute backend gives a kernel's surfaces and samplers in its OpenCL
//! output: the one rule, used by `vc_bridge::bti` (validating vISA against the IR: the executor writes these
//! indices into the surface arguments' payload). The vISA route does not bind surfaces to them: it writes the CM
//! runtime's container, whose runtime passes each surface's index in the payload (docs/vc-backend.md).
//!
//! Rule (IGC 1.0.12504.6, `IGC/VectorCompiler/lib/GenXOpts/CMTrans/GenXBTIAssignment.cpp`, NEO path): indices
//! start at 1 (index 0 is reserved for the debugger's system routine on this path; observed on every kernel of
//! the project's corpus); first, in argument order, the read-only images get surface indices and the samplers
//! sampler indices (a separate count from 0); then, in argument order, every other surface and every SVM
//! pointer argument gets the next surface index (an SVM pointer's index is unused by the kernel's code but
//! taken). The runtime binds each surface argument at the index this rule gives (IGC's kernels read the
//! constant, not the argument), so a kernel may use the constant too.
//!
//! Not handled: VME surfaces and the implicit CMRT arguments (neither route takes them).

/// What an argument is, as far as the rule is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgClass {
    /// Passed by value.
    Value,
    /// An SVM pointer (`svmptr_t`, or a pointer argument).
    Pointer,
    /// A read-only image (`image*_t read_only`, including the read-only media block image).
    ReadOnlyImage,
    /// A sampler (argument kind 1).
    Sampler,
    /// Any other surface (argument kind 2).
    Surface,
}

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

/// The class of a `!genx.kernels` argument: its kind (0 general, 1 sampler, 2 surface), its descriptor
/// (`"image2d_t read_only"`, `"svmptr_t"`, ...) and whether its IR type is a pointer.
pub fn class_of(kind: u64, descriptor: &str, is_pointer: bool) -> ArgClass {
    let words: Vec<&str> = descriptor.split_whitespace().collect();
    match kind & 7 {
        1 => ArgClass::Sampler,
        2 if words.contains(&"read_only") && words.iter().any(|w| w.contains("image")) => ArgClass::ReadOnlyImage,
        2 => ArgClass::Surface,
        0 if is_pointer || words.contains(&"svmptr_t") => ArgClass::Pointer,
        _ => ArgClass::Value,
    }
}

/// The binding of each argument, in argument order.
pub fn assign(args: &[ArgClass]) -> Vec<Binding> {
    let mut out = vec![Binding::Value; args.len()];
    let (mut surface, mut sampler) = (1u32, 0u32);
    for (i, arg) in args.iter().enumerate() {
        match arg {
            ArgClass::Sampler => {
                out[i] = Binding::Sampler(sampler);
                sampler += 1;
            }
            ArgClass::ReadOnlyImage => {
                out[i] = Binding::Surface(surface);
                surface += 1;
            }
            _ => {}
        }
    }
    for (i, arg) in args.iter().enumerate() {
        match arg {
            ArgClass::Surface => {
                out[i] = Binding::Surface(surface);
                surface += 1;
            }
            ArgClass::Pointer => {
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
        let args = [
            ArgClass::Surface,
            ArgClass::Value,
            ArgClass::ReadOnlyImage,
            ArgClass::Pointer,
            ArgClass::Sampler,
            ArgClass::Surface,
        ];
        assert_eq!(
            assign(&args),
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

    #[test]
    fn classes_from_kinds_and_descriptors() {
        assert_eq!(class_of(2, "image2d_t read_only", false), ArgClass::ReadOnlyImage);
        assert_eq!(class_of(2, "image2d_media_block_t read_only", false), ArgClass::ReadOnlyImage);
        assert_eq!(class_of(2, "buffer_t read_only", false), ArgClass::Surface);
        assert_eq!(class_of(2, "image2d_t write_only", false), ArgClass::Surface);
        assert_eq!(class_of(1, "sampler_t", false), ArgClass::Sampler);
        assert_eq!(class_of(0, "svmptr_t", false), ArgClass::Pointer);
        assert_eq!(class_of(0, "", true), ArgClass::Pointer);
        assert_eq!(class_of(0, "", false), ArgClass::Value);
    }
}
