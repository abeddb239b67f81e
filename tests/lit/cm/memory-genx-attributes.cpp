// The surface attributes of Intel's CmBufferAttrib as the second argument of read / write (the spelling real
// kernels use, `read(SAO_MODES, GENX_MODIFIED, offset, v)`, and what Intel's MODIFIED(idx) macros expand to):
// media block reads take GENX_NONE, MODIFIED (1), TOP_FIELD (2), BOTTOM_FIELD (3), MODIFIED_TOP_FIELD (4),
// MODIFIED_BOTTOM_FIELD (5) as MEDIA_LD's modifier; writes take TOP_FIELD / BOTTOM_FIELD; OWord reads take the
// DWALIGNED ones (genx.oword.ld.unaligned, offset in bytes) and MODIFIED / CONSTANT (the plain read); an SLM block
// read takes DWALIGNED. IGC accepts all of them for icllp and tgllp. exec_compat.rs runs them on the CPU.
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN-COUNT-2: kernel attributes
// An attribute a message cannot take is refused at the user's call, naming the message and the attributes it takes.
// RUN: not %cmc -emit-llvm -S -DBAD %s -o %t.bad.ll 2>&1 | FileCheck %s --check-prefix=BAD --implicit-check-not=error:

// CHECK-LABEL: define {{.*}}@attributes(
// CHECK-DAG: @llvm.genx.media.ld.v64i8(i32 0, i32 %img, i32 0, i32 16, i32 0, i32 0)
// CHECK-DAG: @llvm.genx.media.ld.v64i8(i32 1, i32 %img, i32 0, i32 16, i32 0, i32 4)
// CHECK-DAG: @llvm.genx.media.ld.v64i8(i32 2, i32 %img, i32 0, i32 16, i32 0, i32 8)
// CHECK-DAG: @llvm.genx.media.ld.v64i8(i32 3, i32 %img, i32 0, i32 16, i32 0, i32 12)
// CHECK-DAG: @llvm.genx.media.ld.v64i8(i32 4, i32 %img, i32 0, i32 16, i32 0, i32 16)
// CHECK-DAG: @llvm.genx.media.ld.v64i8(i32 5, i32 %img, i32 0, i32 16, i32 0, i32 20)
// CHECK-DAG: @llvm.genx.media.st.v64i8(i32 2, i32 %out, i32 0, i32 16, i32 0, i32 0,
// CHECK-DAG: @llvm.genx.media.st.v64i8(i32 3, i32 %out, i32 0, i32 16, i32 16, i32 0,
// CHECK-DAG: @llvm.genx.media.st.v64i8(i32 0, i32 %out, i32 0, i32 16, i32 32, i32 0,
// CHECK-DAG: @llvm.genx.oword.ld.unaligned.v8i32(i32 0, i32 %buf, i32 4)
// CHECK-DAG: @llvm.genx.oword.ld.unaligned.v8i32(i32 0, i32 %buf, i32 36)
// CHECK-DAG: @llvm.genx.oword.ld.unaligned.v8i32(i32 0, i32 %buf, i32 68)
// CHECK-DAG: @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 6)
// CHECK-DAG: @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 8)
// CHECK-DAG: @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 10)
// CHECK-DAG: @llvm.genx.oword.ld.unaligned.v4i32(i32 0, i32 254, i32 {{[^)]+}})
extern "C" _GENX_MAIN_ void attributes(SurfaceIndex img [[type("image2d_t read_only")]],
                                       SurfaceIndex out [[type("image2d_t write_only")]], SurfaceIndex buf) {
  cm_slm_init(1024);
  uint slm = cm_slm_alloc(256);
  matrix<uchar, 4, 16> a, b, c, d, e, f;
  read(img, GENX_NONE, 0, 0, a);
  read(img, GENX_MODIFIED, 0, 4, b);
  read(img, GENX_TOP_FIELD, 0, 8, c);
  read(img, GENX_BOTTOM_FIELD, 0, 12, d);
  read(img, GENX_MODIFIED_TOP_FIELD, 0, 16, e);
  read(img, GENX_MODIFIED_BOTTOM_FIELD, 0, 20, f);
  matrix<uchar, 4, 16> ab = a + b, cd = c + d, ef = e + f;
  write(out, GENX_TOP_FIELD, 0, 0, ab);
  write(out, GENX_BOTTOM_FIELD, 16, 0, cd);
  write(out, GENX_NONE, 32, 0, ef);
  vector<int, 8> p, q, r, s, t, u;
  read(buf, GENX_DWALIGNED, 4, p);
  read(buf, GENX_MODIFIED_DWALIGNED, 36, q);
  read(buf, GENX_CONSTANT_DWALIGNED, 68, r);
  read(buf, GENX_MODIFIED, 96, s);
  read(buf, GENX_CONSTANT, 128, t);
  read(buf, GENX_NONE, 160, u);
  vector<int, 4> from_slm;
  cm_slm_block_read(slm, GENX_DWALIGNED, 4, from_slm);
  write(buf, 192, p + q + r + s + t + u);
  write(buf, 256, from_slm);
#ifdef BAD
  // BAD: memory-genx-attributes.cpp:[[@LINE+1]]:3: error: read(idx, attribute, x, y, m): a media block read takes GENX_NONE, TOP_FIELD, BOTTOM_FIELD, MODIFIED, MODIFIED_TOP_FIELD or MODIFIED_BOTTOM_FIELD
  read(img, GENX_DWALIGNED, 0, 0, a);
  // BAD: memory-genx-attributes.cpp:[[@LINE+1]]:3: error: write(idx, attribute, x, y, m): a media block write takes GENX_NONE, TOP_FIELD or BOTTOM_FIELD
  write(out, GENX_MODIFIED, 0, 0, a);
  // BAD: memory-genx-attributes.cpp:[[@LINE+1]]:3: error: read(idx, attribute, offset, v): an OWord block read takes GENX_NONE, DWALIGNED, MODIFIED, MODIFIED_DWALIGNED, CONSTANT or CONSTANT_DWALIGNED
  read(TOP_FIELD(buf), 0, p);
#endif
}
