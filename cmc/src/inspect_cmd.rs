//! `cmc inspect <binary>...`: what a device binary holds, read by the same reader that checks every compile.
//!
//! Prints the container (OpenCL patch-token binary, zebin, or CMRT vISA object) and one line per kernel with its
//! Gen ISA size, then the printf strings it carries (`printf string "..."`). Exit status: 0 when every file was read, 1 when one is not a binary this reader knows (the
//! reason is printed), 2 for bad usage.

use std::process::ExitCode;

pub fn main(argv: &[String]) -> ExitCode {
    let files = &argv[1..];
    if files.is_empty() || files.iter().any(|f| f == "-h" || f == "--help") {
        eprintln!("usage: cmc inspect <binary>...  (ocloc/cmc output: OpenCL patch tokens, zebin, CMRT vISA)");
        return ExitCode::from(2);
    }
    let mut status = ExitCode::SUCCESS;
    for file in files {
        let result = std::fs::read(file).map_err(|err| format!("cannot read '{file}': {err}")).and_then(|bytes| {
            vc_bridge::binary::read(&bytes)
                .map_err(|why| format!("'{file}' is not a device binary this reader knows: {why}"))
        });
        match result {
            Ok(contents) => {
                println!("{file}: {}, {} kernel(s)", contents.container, contents.kernels.len());
                for kernel in &contents.kernels {
                    println!("  kernel {} ({} bytes of Gen ISA)", kernel.name, kernel.isa_size);
                }
                for string in &contents.printf_strings {
                    println!("  printf string {string:?}");
                }
            }
            Err(message) => {
                eprintln!("cmc: error: {message}");
                status = ExitCode::FAILURE;
            }
        }
    }
    status
}
