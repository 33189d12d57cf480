# Float // and % folded at trace time agree with Python: // floors the exact quotient
# (1.0 // 0.1 is 9.0, not floor(10.000000000000002)), and a zero remainder takes the
# divisor's sign. Each call has new constants, so each translates again.
# explain: graphs=4 graph_breaks=0 ops=4 recompiles=3 frames_captured=4
# explain-frame: f graphs=4 unsupported=0 breaks=0 cache_entries=4 recompiles=3 ops=4
@capture
def f(x, a, b):
    return x * 2, a // b, a % b, -a // b, -a % b
print(f(tensor([1.0]), 1.0, 0.1))
print(f(tensor([1.0]), -0.0, 3.0))
print(f(tensor([1.0]), 3.0, -3.0))
print(f(tensor([1.0]), 7.5, 2.0))
