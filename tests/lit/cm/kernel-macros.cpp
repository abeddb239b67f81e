// The predefined macros follow the platform (-march) and the options; the CM headers are the only system
// headers (no C library: <stdio.h> is not found).
// RUN: %cmc -E -march=tgllp %s -o - | FileCheck %s --check-prefix=TGL
// RUN: %cmc -E -march=pvc %s -o - | FileCheck %s --check-prefix=PVC
// RUN: %cmc -E -m32 %s -o - | FileCheck %s --check-prefix=M32
// RUN: not %cmc -E -DWANT_STDIO %s -o - 2>&1 | FileCheck %s --check-prefix=STDIO

// TGL: genx=1200 grf=256 slm=64 ptr=64 cm=1 cmc=1 rev=0 long_long=1 dpas=CM_HAS_DPAS lsc=CM_HAS_LSC
// PVC: genx=1280 grf=512 slm=128 ptr=64 cm=1 cmc=1 rev=0 long_long=1 dpas=1 lsc=1
// M32: ptr=32
genx=CM_GENX grf=CM_GRF_WIDTH slm=CM_MAX_SLM_SIZE ptr=CM_PTRSIZE cm=__CM cmc=__CMC rev=CM_GENX_REVID long_long=CM_HAS_LONG_LONG dpas=CM_HAS_DPAS lsc=CM_HAS_LSC

#ifdef WANT_STDIO
// STDIO: kernel-macros.cpp:[[@LINE+1]]:10: fatal error: 'stdio.h' file not found
#include <stdio.h>
#endif
