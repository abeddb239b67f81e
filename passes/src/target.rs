//! `genx-target<NAME>`: sets the platform of every function in the module.
//!
//! Why: target-dependent passes read the platform from each function's `"target-cpu"` attribute, as LLVM
//! targets do, so that `opt` needs no option; this pass is the plugin's way to override it
//! (`opt -passes='genx-target<dg1>,genx-legalize'`), and `cmc -march=NAME` does the same before its pipeline.
//!
//! Algorithm: resolve NAME in the platform table (any spelling cmc or ocloc accepts, or a PCI id) and write its
//! canonical name into `"target-cpu"` of every function with a body.
//! Errors: a missing or unknown NAME is an error listing the platform names; the module is left unchanged.

use inkwell::module::Module;

use crate::diag::PassCx;
use crate::platform;

pub fn run(module: &Module<'_>, cx: &mut PassCx) -> bool {
    if cx.params.trim().is_empty() {
        cx.error("genx-target needs a platform, as in genx-target<tgllp>".to_string());
        return false;
    }
    match platform::find(&cx.params) {
        Ok(platform) => set_platform(module, platform.name),
        Err(unknown) => {
            cx.error(unknown.to_string());
            false
        }
    }
}

/// Writes `name` into the `"target-cpu"` attribute of every function with a body; returns whether any changed.
pub fn set_platform(module: &Module<'_>, name: &str) -> bool {
    let mut changed = false;
    for function in module.get_functions() {
        if function.count_basic_blocks() == 0 {
            continue;
        }
        let current = function
            .get_string_attribute(inkwell::attributes::AttributeLoc::Function, "target-cpu")
            .map(|a| a.get_string_value().to_string_lossy().into_owned());
        if current.as_deref() != Some(name) {
            let context = module.get_context();
            let attribute = context.create_string_attribute("target-cpu", name);
            function.add_attribute(inkwell::attributes::AttributeLoc::Function, attribute);
            changed = true;
        }
    }
    changed
}
