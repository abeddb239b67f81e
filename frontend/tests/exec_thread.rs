//! Thread ids (cm_thread.h) over a 3D grid: every thread records its ids, sizes and linear forms at its linear
//! global id, and the record is compared with the grid's own numbering (x fastest, then y, then z).

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_u32, compile, Arg};

const SOURCE: &str = r#"
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void ids(SurfaceIndex out) {
  vector<uint, 16> r = 0;
  r(0) = cm_local_id(0);
  r(1) = cm_local_id(1);
  r(2) = cm_local_id(2);
  r(3) = cm_group_id(0);
  r(4) = cm_group_id(1);
  r(5) = cm_group_id(2);
  r(6) = cm_local_size(0) * 100 + cm_local_size(1) * 10 + cm_local_size(2);
  r(7) = cm_group_count(0) * 100 + cm_group_count(1) * 10 + cm_group_count(2);
  r(8) = cm_linear_local_id();
  r(9) = cm_linear_group_id();
  r(10) = cm_linear_local_size();
  r(11) = cm_linear_group_count();
  r(12) = cm_linear_global_size();
  r(13) = cm_global_id(1);
  r(14) = get_thread_origin_x();
  r(15) = get_thread_origin_y();
  write(out, cm_linear_global_id() * 64, r);
}
"#;

#[test]
fn thread_ids_on_a_3d_grid() {
    let grid = Grid { groups: [3, 2, 2], local_size: [2, 3, 1] };
    let [gx, gy, gz] = grid.groups;
    let [lx, ly, lz] = grid.local_size;
    let (per_group, groups) = (lx * ly * lz, gx * gy * gz);
    let compiled = compile("ids", SOURCE, &[]);
    let mut run = compiled.run();
    run.buffer(0, vec![0; (per_group * groups * 64) as usize]);
    let report = run.dispatch("ids", grid, &[Arg::Surface(0)]);
    assert_eq!(report.threads, (per_group * groups) as u64);
    let mut expected = vec![0u32; (per_group * groups * 16) as usize];
    for (z, y, x) in (0..gz).flat_map(|z| (0..gy).flat_map(move |y| (0..gx).map(move |x| (z, y, x)))) {
        for (k, j, i) in (0..lz).flat_map(|k| (0..ly).flat_map(move |j| (0..lx).map(move |i| (k, j, i)))) {
            let local = i + lx * (j + ly * k);
            let group = x + gx * (y + gy * z);
            let global = group * per_group + local;
            let record = [
                i,
                j,
                k,
                x,
                y,
                z,
                lx * 100 + ly * 10 + lz,
                gx * 100 + gy * 10 + gz,
                local,
                group,
                per_group,
                groups,
                per_group * groups,
                y * ly + j,
                x * lx + i,
                y * ly + j,
            ];
            expected[(global * 16) as usize..(global * 16 + 16) as usize].copy_from_slice(&record);
        }
    }
    assert_same("thread records", 0, &bytes_u32(&run.surface_bytes(0)), &expected);
}
