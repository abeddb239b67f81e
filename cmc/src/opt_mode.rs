//! `cmc -passes=<pipeline> in.ll [-S] [-o out]`: opt's job, in-process. A CM source input (`.cpp`, `.cm`, ...)
//! goes through the front end first, so a pipeline can be tried on what the front end makes of a source file.
//!
//! Same pipeline syntax and pass names as `opt-14 -load-pass-plugin=libgenx_passes.so`, because both register
//! the passes through the same C++ function. The input is verified before the pipeline (`genx_passes::input`)
//! and, like opt, after it unless `-disable-verify` is given. An output naming the input is refused.

use std::path::Path;

use inkwell::context::Context;

use genx_passes::fatal::Phase;
use genx_passes::pipeline;

use crate::args::Options;
use crate::output::Outputs;

pub fn run(options: &Options, pipeline_text: &str) -> Result<(), String> {
    let llvm_options = options.llvm_options();
    if !llvm_options.is_empty() {
        if let Some(bad) = llvm_options.iter().find(|option| !option.starts_with('-')) {
            return Err(format!("-mllvm takes an LLVM option starting with '-', not '{bad}'"));
        }
        pipeline::set_llvm_options(&llvm_options).map_err(|message| format!("bad LLVM option: {message}"))?;
    }
    let input = options.input.as_deref().unwrap_or(Path::new("-"));
    let destination = options.output.as_deref().unwrap_or(Path::new("-"));
    let mut outputs = Outputs::new([input]);
    outputs.check(destination)?;
    let context = Context::create();
    let module = if crate::compile::InputKind::of(input) == Some(crate::compile::InputKind::CmSource) {
        // CM source: the front end first, then the pipeline on its GenX IR.
        genx_passes::input::check_regular_file(input)?;
        let name = options.platform().unwrap_or(genx_passes::platform::DEFAULT);
        let platform = genx_passes::platform::find(name).map_err(|unknown| unknown.to_string())?;
        let job = crate::compile::front_end_job(options, input, platform);
        cm_frontend::compile(&job, &context).map_err(crate::compile::front_end_error)?
    } else {
        crate::compile::load(&context, input)?
    };
    if let Some(name) = options.platform() {
        let platform = genx_passes::platform::find(name).map_err(|unknown| unknown.to_string())?;
        genx_passes::target::set_platform(&module, platform.name);
    }
    {
        let _phase = Phase::enter(&format!("running the pipeline '{pipeline_text}'"));
        crate::compile::run_pipeline(options, &module, pipeline_text, options.time_report)?;
    }
    if !options.disable_verify {
        module
            .verify()
            .map_err(|message| format!("the module is invalid after the pipeline:\n{}", message.to_string().trim_end()))?;
    }
    crate::compile::stage_module(&mut outputs, &module, destination, options.emit_text)?;
    outputs.commit()
}
