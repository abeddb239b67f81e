//! Shared harness of the front end's execution tests: compile CM source with [`cm_frontend::compile`], run a
//! kernel on genx-exec's grid with surfaces, SVM buffers and SLM, and read the memory back.
//!
//! Each `exec_*.rs` test compiles a kernel, fills its inputs from a seeded generator ([`Rng`]), runs it, and
//! compares what the kernel wrote with a plain-Rust reference of the same algorithm. A failure prints the kernel,
//! the first differing element and the seed.
//!
//! Kernel parameters are passed by their IR type: a `SurfaceIndex` parameter takes [`Arg::Surface`] (its BTI), a
//! pointer or `svmptr_t` parameter takes [`Arg::Svm`] (an address from [`Run::svm`]), scalars take
//! [`Arg::U32`] / [`Arg::F32`] / [`Arg::U64`].

#![allow(dead_code)] // each test binary uses part of the harness

use std::path::PathBuf;

use cm_frontend::{Job, MacroArg};
use genx_exec::format::SurfaceFormat;
use genx_exec::grid::{self, DispatchReport, Grid};
use genx_exec::interp::Machine;
use genx_exec::machine::{Surface, SurfaceKind, ThreadIds};
use genx_exec::memory::AllocKind;
use genx_exec::program::{CallingConv, FuncId, Program};
use genx_exec::value::{Elem, Lanes, Ty, Value};
use genx_passes::inkwell::context::Context;
use genx_passes::platform;

/// A compiled CM module, decoded for the executor.
pub struct Compiled {
    pub program: Program,
    /// The GenX IR, for failure messages.
    pub ir: String,
}

/// Compiles `source` (the contents of a `.cpp` file) for the default platform with `defines`.
pub fn compile(name: &str, source: &str, defines: &[&str]) -> Compiled {
    compile_for(name, source, defines, platform::DEFAULT)
}

/// Compiles `source` for the platform called `platform_name` (`-march`'s spelling) with `defines`.
pub fn compile_for(name: &str, source: &str, defines: &[&str], platform_name: &str) -> Compiled {
    let dir = std::env::temp_dir().join(format!("cm-exec-{}-{}", std::process::id(), name));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let input: PathBuf = dir.join(format!("{name}.cpp"));
    std::fs::write(&input, source).expect("write the CM source");
    let job = Job {
        macros: defines.iter().map(|d| MacroArg::Define(d.to_string())).collect(),
        ..Job::new(input.clone(), platform::find(platform_name).expect("the platform exists"))
    };
    let context = Context::create();
    let compiled = cm_frontend::compile(&job, &context);
    let _ = std::fs::remove_dir_all(&dir);
    let module = match compiled {
        Ok(module) => module,
        Err(error) => panic!("{name}: the CM source does not compile: {error:?} (diagnostics above)"),
    };
    let ir = module.print_to_string().to_string();
    // decode reads each kernel's SLM size from `!genx.kernels`.
    let program = genx_exec::decode::decode(module.as_mut_ptr());
    Compiled { program, ir }
}

impl Compiled {
    /// The kernel called `name` (its IR name or its `!genx.kernels` name).
    pub fn kernel(&self, name: &str) -> FuncId {
        let kernels: Vec<_> = self
            .program
            .defined_functions()
            .filter(|(_, f)| f.conv == CallingConv::Kernel)
            .map(|(id, f)| (id, f.name.clone()))
            .collect();
        kernels
            .iter()
            .find(|(_, n)| n == name)
            .map(|(id, _)| *id)
            .unwrap_or_else(|| panic!("no kernel '{name}' among {kernels:?}\n{}", self.ir))
    }

    pub fn run(&self) -> Run<'_> {
        Run { machine: Machine::new(&self.program), compiled: self }
    }
}

/// A kernel argument.
#[derive(Clone, Copy, Debug)]
pub enum Arg {
    Surface(u32),
    Svm(u64),
    U32(u32),
    U64(u64),
    F32(f32),
}

/// One execution: the machine with its surfaces and buffers.
pub struct Run<'p> {
    pub machine: Machine<'p>,
    compiled: &'p Compiled,
}

impl<'p> Run<'p> {
    /// Binds a linear buffer of `bytes` at `bti`.
    pub fn buffer(&mut self, bti: u32, bytes: Vec<u8>) {
        let size = bytes.len() as u64;
        self.bind(bti, bytes, SurfaceKind::Buffer { size });
    }

    /// Binds a 2D surface of `height` rows of `width` bytes at `bti` (pitch = width).
    pub fn image(&mut self, bti: u32, width: u32, height: u32, bytes: Vec<u8>) {
        assert_eq!(bytes.len(), (width * height) as usize, "image bytes");
        self.bind(bti, bytes, SurfaceKind::Image2D { width, height, pitch: width, format: SurfaceFormat::DEFAULT });
    }

    /// Binds an NV12 surface of `width` x `height` luma bytes (then `height / 2` rows of interleaved UV) at `bti`.
    pub fn nv12(&mut self, bti: u32, width: u32, height: u32, bytes: Vec<u8>) {
        assert_eq!(bytes.len(), (width * height * 3 / 2) as usize, "NV12 bytes");
        self.bind(bti, bytes, SurfaceKind::Nv12 { width, height, pitch: width });
    }

    fn bind(&mut self, bti: u32, bytes: Vec<u8>, kind: SurfaceKind) {
        let name = format!("surface {bti}");
        let base = self.machine.memory.allocate_with(name.clone(), AllocKind::Buffer, bytes);
        let previous = self.machine.surfaces.insert(bti, Surface { name, base, kind });
        assert!(previous.is_none(), "surface {bti} bound twice");
    }

    /// Allocates an SVM buffer holding `bytes`; returns its address.
    pub fn svm(&mut self, bytes: Vec<u8>) -> u64 {
        self.machine.memory.allocate_with("SVM buffer", AllocKind::Buffer, bytes)
    }

    /// Runs `kernel` over `grid` with the same arguments for every thread.
    pub fn dispatch(&mut self, kernel: &str, grid: Grid, args: &[Arg]) -> DispatchReport {
        let id = self.compiled.kernel(kernel);
        let function = &self.compiled.program.functions[id as usize];
        assert_eq!(function.params.len(), args.len(), "kernel '{kernel}' takes {:?}", function.params);
        let values: Vec<Value> = function.params.iter().zip(args).map(|(ty, arg)| value(ty, *arg, kernel)).collect();
        grid::dispatch(&mut self.machine, id, &|_: &ThreadIds| values.clone(), grid)
            .unwrap_or_else(|trap| panic!("kernel '{kernel}' trapped: {trap}\n{}", self.compiled.ir))
    }

    /// The bytes of the surface at `bti`; every byte must be defined.
    pub fn surface_bytes(&self, bti: u32) -> Vec<u8> {
        let base = self.machine.surfaces[&bti].base;
        self.defined_bytes(base, &format!("surface {bti}"))
    }

    /// The bytes of the SVM buffer at `address`; every byte must be defined.
    pub fn svm_bytes(&self, address: u64) -> Vec<u8> {
        self.defined_bytes(address, &format!("SVM buffer {address:#x}"))
    }

    fn defined_bytes(&self, base: u64, what: &str) -> Vec<u8> {
        let allocation = self.machine.memory.allocation(base).unwrap_or_else(|| panic!("no allocation for {what}"));
        if let Some(i) = allocation.defined.iter().position(|d| !d) {
            panic!("{what}: byte {i} is undefined after the run");
        }
        allocation.bytes.clone()
    }
}

fn value(ty: &Ty, arg: Arg, kernel: &str) -> Value {
    match (ty, arg) {
        (Ty::Scalar(Elem::Int(32)), Arg::Surface(bti) | Arg::U32(bti)) => Value::Lanes(Lanes::new(Elem::Int(32), vec![bti as u64])),
        (Ty::Scalar(Elem::Int(64)), Arg::U64(v) | Arg::Svm(v)) => Value::scalar(Elem::Int(64), v),
        (Ty::Scalar(elem @ Elem::Ptr(_)), Arg::Svm(address)) => Value::scalar(*elem, address),
        (Ty::Scalar(Elem::Float), Arg::F32(f)) => Value::scalar(Elem::Float, f.to_bits() as u64),
        _ => panic!("kernel '{kernel}': argument {arg:?} does not fit a parameter of type {ty}"),
    }
}

// ---- data ---------------------------------------------------------------------------------------------------

/// A small seeded generator (splitmix64): tests are reproducible and name their seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next_u64() as u8).collect()
    }
    pub fn u32s(&mut self, n: usize) -> Vec<u32> {
        (0..n).map(|_| self.next_u32()).collect()
    }
    /// Uniform in `0..bound`.
    pub fn below(&mut self, bound: u32) -> u32 {
        (self.next_u64() % bound as u64) as u32
    }
}

pub fn u32_bytes(values: &[u32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

pub fn bytes_u32(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

pub fn f32_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

pub fn bytes_f32(bytes: &[u8]) -> Vec<f32> {
    bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// Asserts `actual == expected` element by element, naming the first difference.
pub fn assert_same<T: PartialEq + std::fmt::Debug>(what: &str, seed: u64, actual: &[T], expected: &[T]) {
    assert_eq!(actual.len(), expected.len(), "{what} (seed {seed}): lengths differ");
    if let Some(i) = (0..actual.len()).find(|&i| actual[i] != expected[i]) {
        let mismatches = (0..actual.len()).filter(|&i| actual[i] != expected[i]).count();
        panic!(
            "{what} (seed {seed}): element {i} is {:?}, the reference says {:?} ({mismatches} of {} elements differ)",
            actual[i],
            expected[i],
            actual.len()
        );
    }
}
