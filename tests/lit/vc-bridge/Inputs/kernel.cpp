// Input for the driver's flag tests (-### reads only its name).
extern "C" void k() {}
