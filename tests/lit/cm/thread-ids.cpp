// Thread ids read the GenX thread environment: genx.local.id / local.size / group.count (<3 x i32>, x first) and
// genx.group.id.x/y/z; the linear forms number x fastest; get_thread_origin_x/y zero-extend genx.thread.x/y.
// Each value is stored with a one-lane scattered write (`write(idx, global, element, scalar)`).
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @ids(
// CHECK: [[LID:%.*]] = call <3 x i32> @llvm.genx.local.id.v3i32()
// CHECK: [[LIDY:%.*]] = extractelement <3 x i32> [[LID]], i32 1
// CHECK: [[V0:%.*]] = insertelement <1 x i32> {{.*}}, i32 [[LIDY]], i32 0
// CHECK: call void @llvm.genx.scatter.scaled.v1i1.v1i32.v1i32(<1 x i1> <i1 true>, i32 2, i16 0, i32 %buf, i32 0, <1 x i32> zeroinitializer, <1 x i32> [[V0]])
// CHECK: [[GX:%.*]] = call i32 @llvm.genx.group.id.x()
// CHECK: [[GY:%.*]] = call i32 @llvm.genx.group.id.y()
// CHECK: [[GZ:%.*]] = call i32 @llvm.genx.group.id.z()
// CHECK: [[V1:%.*]] = insertelement <1 x i32> {{.*}}, i32 [[GZ]], i32 0
// CHECK: call void @llvm.genx.scatter.scaled.v1i1.v1i32.v1i32(<1 x i1> <i1 true>, i32 2, i16 0, i32 %buf, i32 4, <1 x i32> zeroinitializer, <1 x i32> [[V1]])
// CHECK: [[LSZ:%.*]] = call <3 x i32> @llvm.genx.local.size.v3i32()
// CHECK: [[LSZX:%.*]] = extractelement <3 x i32> [[LSZ]], i32 0
// CHECK: [[GC:%.*]] = call <3 x i32> @llvm.genx.group.count.v3i32()
// CHECK: [[GCY:%.*]] = extractelement <3 x i32> [[GC]], i32 1
// Linear local id: x + X * (y + Y * z).
// CHECK: [[LIDX:%.*]] = extractelement <3 x i32> [[LID]], i32 0
// CHECK: [[LSZY:%.*]] = extractelement <3 x i32> [[LSZ]], i32 1
// CHECK: [[LIDZ:%.*]] = extractelement <3 x i32> [[LID]], i32 2
// CHECK: [[T0:%.*]] = mul i32 [[LSZY]], [[LIDZ]]
// CHECK: [[T1:%.*]] = add i32 [[LIDY]], [[T0]]
// CHECK: [[T2:%.*]] = mul i32 [[LSZX]], [[T1]]
// CHECK: [[LINEAR:%.*]] = add i32 [[LIDX]], [[T2]]
// Linear group id: gx + GX * (gy + GY * gz).
// CHECK: [[GCX:%.*]] = extractelement <3 x i32> [[GC]], i32 0
// CHECK: [[U0:%.*]] = mul i32 [[GCY]], [[GZ]]
// CHECK: [[U1:%.*]] = add i32 [[GY]], [[U0]]
// CHECK: [[U2:%.*]] = mul i32 [[GCX]], [[U1]]
// CHECK: [[GLINEAR:%.*]] = add i32 [[GX]], [[U2]]
// Linear global id: linear group id * threads per group + linear local id, in Horner form
// x + X * (y + Y * (z + Z * linear group id)): three multiplies, not five.
// CHECK: [[LSZZ:%.*]] = extractelement <3 x i32> [[LSZ]], i32 2
// CHECK: [[S0:%.*]] = mul i32 [[LSZZ]], [[GLINEAR]]
// CHECK: [[S1:%.*]] = add i32 [[LIDZ]], [[S0]]
// CHECK: [[S2:%.*]] = mul i32 [[LSZY]], [[S1]]
// CHECK: [[S3:%.*]] = add i32 [[LIDY]], [[S2]]
// CHECK: [[S4:%.*]] = mul i32 [[LSZX]], [[S3]]
// CHECK: add i32 [[LIDX]], [[S4]]
// CHECK: [[TX:%.*]] = call i16 @llvm.genx.thread.x()
// CHECK: zext i16 [[TX]] to i32
// CHECK: [[TY:%.*]] = call i16 @llvm.genx.thread.y()
// CHECK: zext i16 [[TY]] to i32
extern "C" _GENX_MAIN_ void ids(SurfaceIndex buf) {
  write(buf, 0, 0u, cm_local_id(1));
  write(buf, 1, 0u, cm_group_id(2));
  write(buf, 2, 0u, cm_local_size(0));
  write(buf, 3, 0u, cm_group_count(1));
  write(buf, 4, 0u, cm_linear_local_id());
  write(buf, 5, 0u, cm_linear_group_id());
  write(buf, 6, 0u, cm_linear_global_id());
  write(buf, 7, 0u, get_thread_origin_x());
  write(buf, 8, 0u, get_thread_origin_y());
}

// A dimension known only at run time reads the id vector at a variable index.
// CHECK-LABEL: define spir_func void @dynamic_dim(
// CHECK: [[LID:%.*]] = call <3 x i32> @llvm.genx.local.id.v3i32()
// CHECK: extractelement <3 x i32> [[LID]], i32 %dim
extern "C" _GENX_MAIN_ void dynamic_dim(SurfaceIndex buf, uint dim) {
  write(buf, 0, 0u, cm_local_id(dim));
}
