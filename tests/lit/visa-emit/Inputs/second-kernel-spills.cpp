// Two kernels; GenX_IR refuses the second: its two live 3 KB vectors exceed the 4 KB register file even with
// spill code (visa-emit/cmc-backend-visa-several-kernels.test).
extern "C" _GENX_MAIN_ void first(SurfaceIndex buf) {
  vector<int, 8> v;
  read(buf, 0, v);
  write(buf, 0, v + 1);
}

extern "C" _GENX_MAIN_ void second(SurfaceIndex buf) {
  vector<int, 768> a, b;
  for (int i = 0; i < 768; i += 32) {
    vector<int, 32> t;
    read(buf, i * 4, t);
    a.select<32, 1>(i) = t;
    read(buf, 4096 + i * 4, t);
    b.select<32, 1>(i) = t;
  }
  for (int i = 0; i < 768; i += 32) {
    vector<int, 32> t = a.select<32, 1>(736 - i) + b.select<32, 1>(i);
    write(buf, i * 4, t);
  }
}
