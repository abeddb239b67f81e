//! The SPIR-V-ready rewrite on real modules (no external tool needed): argument kinds become types and are
//! converted back by each argument's only user, kernels get their metadata names and calling convention, bad
//! kernels are refused with the kernel and argument named.

use genx_passes::inkwell::context::Context;
use genx_passes::inkwell::memory_buffer::MemoryBuffer;
use vc_bridge::adaptor::{self, ArgKind};

fn adapt(ir: &str) -> (Result<Vec<vc_bridge::Kernel>, String>, String) {
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "test.ll");
    let module = context.create_module_from_ir(buffer).expect("test IR parses");
    let result = adaptor::adapt(module.as_mut_ptr());
    let text = module.print_to_string().to_string();
    (result, text)
}

const CLASSIC: &str = r#"
target triple = "genx64-unknown-unknown"
define dllexport void @_Z1kj(i32 %in, i32 %out, i64 %svm, i32 %smp, float %x) #0 {
entry:
  %v = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %in, i32 0)
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 0, <4 x i32> %v)
  %p = add i64 %svm, 16
  ret void
}
declare <4 x i32> @llvm.genx.oword.ld.v4i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)
attributes #0 = { noinline nounwind "CMGenxMain" "CMFloatControl"="48" }
!genx.kernels = !{!0}
!0 = !{void (i32, i32, i64, i32, float)* @_Z1kj, !"k", !1, i32 1024, !2, !2, !3, i32 0, i32 0}
!1 = !{i32 2, i32 2, i32 0, i32 1, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0, i32 0}
!3 = !{!"image2d_t read_only", !"buffer_t write_only", !"svmptr_t", !"sampler_t", !""}
"#;

#[test]
fn kinds_become_types_and_conversions_are_the_only_users() {
    let (result, text) = adapt(CLASSIC);
    let kernels = result.unwrap();
    assert_eq!(kernels.len(), 1);
    assert_eq!(kernels[0].name, "k");
    assert_eq!(kernels[0].slm_size, 1024);
    assert_eq!(
        kernels[0].args,
        vec![
            ArgKind::Opaque("opencl.image2d_ro_t".into()),
            ArgKind::Opaque("intel.buffer_wo_t".into()),
            ArgKind::Pointer,
            ArgKind::Opaque("opencl.sampler_t".into()),
            ArgKind::Value,
        ]
    );
    assert!(text.contains("target triple = \"spir64-unknown-unknown\""), "{text}");
    assert!(
        text.contains("define spir_kernel void @k(%opencl.image2d_ro_t addrspace(1)* %in, %intel.buffer_wo_t addrspace(1)* %out, i8 addrspace(1)* %svm, %opencl.sampler_t addrspace(2)* %smp, float %x)"),
        "{text}"
    );
    assert!(text.contains("%in.bti = call i32 @llvm.genx.address.convert.i32.p1opencl.image2d_ro_t(%opencl.image2d_ro_t addrspace(1)* %in)"), "{text}");
    assert!(text.contains("%svm.addr = ptrtoint i8 addrspace(1)* %svm to i64"), "{text}");
    assert!(text.contains("@llvm.genx.oword.ld.v4i32(i32 0, i32 %in.bti, i32 0)"), "{text}");
    // The sampler is unused: no conversion is made for it.
    assert!(!text.contains("%smp.bti"), "{text}");
    assert!(text.contains("\"VCFunction\""), "{text}");
    assert!(text.contains("\"VCSLMSize\"=\"1024\""), "{text}");
    assert!(text.contains("\"VCFloatControl\"=\"48\""), "{text}");
    assert!(!text.contains("CMGenxMain") && !text.contains("CMFloatControl"), "{text}");
    assert!(!text.contains("@_Z1kj("), "the old kernel is gone: {text}");
}

#[test]
fn spirv_ready_kernels_pass_through_and_get_vc_function() {
    let (result, text) = adapt(
        r#"
target triple = "spir64-unknown-unknown"
%intel.buffer_rw_t = type opaque
define spir_kernel void @ready(%intel.buffer_rw_t addrspace(1)* %b, i32 %n) {
entry:
  ret void
}
"#,
    );
    let kernels = result.unwrap();
    assert_eq!(kernels[0].name, "ready");
    assert_eq!(kernels[0].args, vec![ArgKind::Opaque("intel.buffer_rw_t".into()), ArgKind::Value]);
    assert!(text.contains("define spir_kernel void @ready(%intel.buffer_rw_t addrspace(1)* %b, i32 %n) #0"), "{text}");
    assert!(text.contains("attributes #0 = { \"VCFunction\" }"), "{text}");
}

#[test]
fn bad_kernels_are_refused_by_name() {
    let vme = CLASSIC.replace("!1 = !{i32 2, i32 2, i32 0, i32 1, i32 0}", "!1 = !{i32 2, i32 3, i32 0, i32 1, i32 0}");
    assert_eq!(
        adapt(&vme).0.unwrap_err(),
        "kernel 'k', argument 1 ('out') is a VME surface (argument kind 3), which IGC's SPIR-V path does not support"
    );
    let float_surface = CLASSIC
        .replace("!\"\"}", "!\"buffer_t\"}")
        .replace("!1 = !{i32 2, i32 2, i32 0, i32 1, i32 0}", "!1 = !{i32 2, i32 2, i32 0, i32 1, i32 2}");
    assert!(adapt(&float_surface).0.unwrap_err().contains("argument 4 ('x') is a float but its kind"));
    let called = format!("{CLASSIC}\ndefine void @caller() {{\n  call void @_Z1kj(i32 0, i32 1, i64 0, i32 2, float 0.0)\n  ret void\n}}\n");
    assert!(adapt(&called).0.unwrap_err().contains("kernel 'k' is called or referenced"));
    let clash = format!("{CLASSIC}\ndefine void @k() {{\n  ret void\n}}\n");
    assert!(adapt(&clash).0.unwrap_err().contains("another function is already named 'k'"));
    let twice = CLASSIC.replace("!genx.kernels = !{!0}", "!genx.kernels = !{!0, !0b}")
        + "!0b = !{void (i32, i32, i64, i32, float)* @_Z1kj, !\"k2\", !1, i32 0, !2, !2, !3, i32 0, i32 0}\n";
    assert_eq!(adapt(&twice.replace("!0b", "!9")).0.unwrap_err(), "kernel 'k2' is listed twice in !genx.kernels");
    let unlisted = CLASSIC.replace("!genx.kernels = !{!0}", "");
    assert!(adapt(&unlisted)
        .0
        .unwrap_err()
        .contains("function '_Z1kj' is marked \"CMGenxMain\" but has no !genx.kernels entry"));
    let (empty, _) = adapt("define spir_func void @f() {\n  ret void\n}\n");
    assert_eq!(empty.unwrap(), vec![]);
}
