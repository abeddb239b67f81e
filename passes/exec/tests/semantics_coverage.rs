//! How much of the GenX intrinsic table has executable semantics: prints the figure and checks that every
//! implemented GenX name is an intrinsic of the table (no typo can hide an intrinsic behind a dead entry).

#[test]
fn executable_semantics_cover_the_intrinsic_table() {
    let table: Vec<&str> = genx_passes::intrinsics::all().iter().map(|d| d.name).collect();
    let implemented: std::collections::BTreeSet<&str> =
        genx_exec::intrinsics::implemented().filter(|name| name.starts_with("llvm.genx.")).collect();
    for name in &implemented {
        assert!(table.contains(name), "'{name}' has semantics but is not in intrinsics.td");
    }
    let missing: Vec<&str> = table.iter().copied().filter(|name| !implemented.contains(name)).collect();
    println!(
        "executable semantics: {} / {} GenX intrinsics ({} without: {})",
        implemented.len(),
        table.len(),
        missing.len(),
        missing.join(", ")
    );
    // The regions, SIMD CF, ALU, math and dataport families are covered (docs/genx-ir.md §4 P0-P3); not yet: LSC,
    // DPAS, sampler, raw sends, predefined registers. The figure may only grow.
    assert!(implemented.len() >= 260, "semantics coverage dropped to {}", implemented.len());
}
