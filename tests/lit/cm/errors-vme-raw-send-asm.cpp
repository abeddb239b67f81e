// Constructs of spec §4.12 (VME), §4.14 (cm_pause), §4.15 (raw sends), §4.18 (SVM gather4/scatter4) and §5 (inline
// assembly) that this compiler does not implement are refused at the user's line with a sentence naming the
// construct and the reason, not an unknown identifier or an error inside the headers.
// RUN: not %cmc -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s

#include <cm/cm.h>

extern "C" _GENX_MAIN_ void refused(SurfaceIndex s, svmptr_t p) {
  matrix<uchar, 4, 32> uni, ime;
  vector<short, 2> ref = 0;
  vector<ushort, 16> cost = 0;
  matrix<uchar, 7, 32> res;
  // CHECK: errors-vme-raw-send-asm.cpp:[[@LINE+1]]:3: error: run_vme_ime is not supported by this compiler: video motion estimation is not implemented
  run_vme_ime(uni, ime.select<2, 1, 32, 1>(0, 0), VME_STREAM_DISABLE, VME_SEARCH_SINGLE_REF_SINGLE_REC_SINGLE_START, s, ref, ref, cost, res);
  matrix<uchar, 12, 32> hpm_out;
  // CHECK: errors-vme-raw-send-asm.cpp:[[@LINE+1]]:3: error: cm_vme_hevc_sc is not supported by this compiler: video motion estimation
  cm_vme_hevc_sc(uni, s, hpm_out);
  // CHECK: errors-vme-raw-send-asm.cpp:[[@LINE+1]]:3: error: cm_pause is not supported by this compiler
  cm_pause(10);
  matrix<uint, 1, 8> rsp, msg = 0;
  // CHECK: errors-vme-raw-send-asm.cpp:[[@LINE+1]]:3: error: cm_send is not supported by this compiler: raw send messages
  cm_send(rsp, msg, 0xA, 0x02190000, 0);
  // CHECK: errors-vme-raw-send-asm.cpp:[[@LINE+1]]:3: error: cm_sends is not supported by this compiler: raw split-send messages
  cm_sends(rsp, msg, msg, 0xA, 0x02190000, 0);
  vector<svmptr_t, 8> a = p;
  vector<int, 16> d;
  // CHECK: errors-vme-raw-send-asm.cpp:[[@LINE+1]]:3: error: cm_svm_gather4_scaled is not supported by this compiler
  cm_svm_gather4_scaled(a, d, CM_GR_ENABLE);
  // CHECK: errors-vme-raw-send-asm.cpp:[[@LINE+1]]:3: error: cm_svm_scatter4_scaled is not supported by this compiler
  cm_svm_scatter4_scaled(a, d, CM_GR_ENABLE);
  vector<int, 8> in = 1, out;
  // CHECK: errors-vme-raw-send-asm.cpp:[[@LINE+1]]:3: error: asm is not supported by this compiler: CM inline assembly (vISA text in asm statements) is not implemented
  asm("mov (M1, 8) %0 (-)%1" : "=r"(out) : "r"(in));
  write(s, 0, out);
}
