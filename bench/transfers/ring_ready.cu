// ring_ready.cu - how long after main starts the staging ring of
// runtime/loop2cuda_staged.cuh is ready (its slots locked, its pool
// started; initDevice begins making it before main), and the time of one
// staged copy of 4 MiB and 32 MiB each way right after. docs/transfers.md.
//
// Usage: ring_ready            (built by bench/transfers/run.sh)
#include "loop2cuda_runtime.cuh"

#include <chrono>
#include <cstdio>
#include <vector>

using Clock = std::chrono::steady_clock;

static double msSince(Clock::time_point T) {
  return std::chrono::duration<double, std::milli>(Clock::now() - T).count();
}

int main() {
  auto Start = Clock::now();
  l2c::staged::Ring *R = l2c::staged::pending().get();
  std::printf("staging ring %s %.3f ms after main\n",
              R ? "ready" : "refused (copies go through cudaMemcpy)",
              msSince(Start));
  if (!R)
    return 0;
  for (size_t Bytes : {size_t(4) << 20, size_t(32) << 20}) {
    std::vector<char> Host(Bytes, 1);
    void *Dev = nullptr;
    L2C_CHECK(cudaMalloc(&Dev, Bytes), "ring_ready");
    cudaError_t Err = cudaSuccess;
    auto T = Clock::now();
    l2c::staged::copy(Dev, Host.data(), Bytes, cudaMemcpyHostToDevice, Err);
    double In = msSince(T);
    T = Clock::now();
    l2c::staged::copy(Host.data(), Dev, Bytes, cudaMemcpyDeviceToHost, Err);
    double Out = msSince(T);
    L2C_CHECK(Err, "ring_ready");
    std::printf("first staged copies of %zu MiB: in %.3f ms, out %.3f ms\n",
                Bytes >> 20, In, Out);
    L2C_CHECK(cudaFree(Dev), "ring_ready");
  }
  return 0;
}
