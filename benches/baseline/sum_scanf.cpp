// Baseline for the `ends` n = 10^7 target: the least a C++ program reading the
// same input must do, a scanf loop that reads every value and sums it (no game).
//
//   g++ -O2 -o sum_scanf benches/baseline/sum_scanf.cpp
//   ./sum_scanf < ends_10000000.txt
#include <cstdio>

int main() {
    long long x = 0, sum = 0;
    while (std::scanf("%lld", &x) == 1) sum += x;
    std::printf("%lld\n", sum);
    return 0;
}
