// kernels: rotate_tiles stack_runs
// Two image kernels built on the CM template library's I/O and transforms, as media code uses them:
// rotate_tiles, one thread per 16x16 tile of an 8-bit image (media walker origin), reads its tile with
// cmtl::ReadBlock (tiles hanging over the image's right and bottom edges read replicated border pixels), turns it
// by a run-time choice of cmtl::Rotate90/180/270_16x16 or cmtl::Transpose_16x16 through a helper taking
// matrix_ref, and writes it with cmtl::WriteBlock (clipped at the edges) at the mirrored tile position; a 16-pixel
// strip of each tile's first row is also packed with its last row (cmtl::Pack) into a side buffer with
// cmtl::WriteLinear.
// stack_runs keeps, per column of a 16-pixel-wide strip, the start rows of open runs of bright pixels on a
// cmtl cached stack (a push at a run start, a masked pop at a run end) and writes each run's length.
// Constructs: #include <cm/cmtl.h>, cmtl::ReadBlock / WriteBlock / WriteLinear, the 16x16 transforms,
// cmtl::Pack, CachedStackInit/Push/Pop/Empty with masks, get_thread_origin_x/y, a function template over
// matrix_ref, macros for the tile size.
#include <cm/cmtl.h>

#define TILE 16
#define RUN_CACHE 32

enum { ROT90 = 0, ROT180 = 1, ROT270 = 2, TRANSPOSE = 3 };

template <typename T>
inline _GENX_ void turn(matrix_ref<T, TILE, TILE> tile, matrix_ref<T, TILE, TILE> turned, int how) {
  if (how == ROT90)
    cmtl::Rotate90_16x16(tile, turned);
  else if (how == ROT180)
    cmtl::Rotate180_16x16(tile, turned);
  else if (how == ROT270)
    cmtl::Rotate270_16x16(tile, turned);
  else
    cmtl::Transpose_16x16(tile, turned);
}

extern "C" _GENX_MAIN_ void rotate_tiles(SurfaceIndex src, SurfaceIndex dst, SurfaceIndex edges, int how,
                                         int tiles_x) {
  int tx = get_thread_origin_x(), ty = get_thread_origin_y();
  matrix<uchar, TILE, TILE> tile, turned;
  cmtl::ReadBlock<uchar, TILE, TILE>(src, tx * TILE, ty * TILE, tile.select_all());
  turn<uchar>(tile.select_all(), turned.select_all(), how);
  cmtl::WriteBlock<uchar, TILE, TILE>(dst, (tiles_x - 1 - tx) * TILE, ty * TILE, turned.select_all());

  vector<uchar, TILE> top = tile.row(0), bottom = tile.row(TILE - 1);
  vector<ushort, TILE> packed;
  cmtl::Pack<uchar, ushort, TILE>(top.select_all(), bottom.select_all(), packed.select_all());
  cmtl::WriteLinear(edges, (ty * tiles_x + tx) * TILE, packed.select_all());
}

extern "C" _GENX_MAIN_ void stack_runs(SurfaceIndex img, SurfaceIndex stack_surf, SurfaceIndex runs, int height,
                                       int threshold) {
  matrix<short, 2, 16> context;
  matrix<int, 2, 16> context_ii;
  matrix<int, 16, RUN_CACHE> cache;
  int x = get_thread_origin_x() * 16;
  cmtl::CachedStackInit<int, 16, RUN_CACHE>(context, context_ii, height);
  vector<int, 16> longest = 0;
  vector<ushort, 16> was_bright = 0;
  for (int y = 0; y < height; y++) {
    matrix<uchar, 1, 16> row;
    cmtl::ReadBlock(img, x, y, row);
    vector<ushort, 16> bright = row.row(0) > threshold;
    vector<ushort, 16> starts = bright & ~was_bright, ends = was_bright & ~bright;
    vector<int, 16> start_row;
    vector<short, 16> pop = ends;
    cmtl::CachedStackPop<int, 16, RUN_CACHE>(stack_surf, context, context_ii, cache, start_row, pop);
    longest.merge(cm_max<int>(longest, y - start_row), ends);
    // Every column pushes (the stack moves all channels together); the ones that start no run push a marker
    // that the next step pops again.
    vector<int, 16> pushed = y;
    cmtl::CachedStackPush<int, 16, RUN_CACHE>(stack_surf, context, context_ii, cache, pushed);
    vector<short, 16> drop = 1 - vector<short, 16>(starts);
    cmtl::CachedStackPop<int, 16, RUN_CACHE>(stack_surf, context, context_ii, cache, start_row, drop);
    was_bright = bright;
  }
  vector<int, 16> open_start;
  vector<short, 16> empty;
  cmtl::CachedStackEmpty<16>(context, context_ii, empty);
  cmtl::CachedStackTop<int, 16, RUN_CACHE>(stack_surf, context, context_ii, cache, open_start);
  vector<int, 16> open_length = height - open_start;
  longest.merge(cm_max<int>(longest, open_length), was_bright & (1 - empty));
  write(runs, x * 4, longest);
}
