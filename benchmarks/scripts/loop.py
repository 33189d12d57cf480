# Loop-heavy minipy benchmark: integer and float arithmetic, while/for loops, calls,
# list indexing and attribute access. Valid Python: `python3 loop.py` prints the same.
def count_down(n):
    total = 0
    i = 0
    while i < n:
        if i % 3 == 0:
            total += i * 2
        else:
            total -= 1
        i += 1
    return total

def nested_loops(n):
    acc = 0
    for i in range(n):
        for j in range(10):
            acc = acc + i * j % 7
    return acc

def float_sum(n):
    x = 0.0
    step = 0.5
    for i in range(n):
        x = x + step * i - x / 3.0
    return x

def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

def sieve(n):
    flags = [True] * (n + 1)
    count = 0
    for i in range(2, n + 1):
        if flags[i]:
            count += 1
            j = i * i
            while j <= n:
                flags[j] = False
                j += i
    return count

class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def moved(self, dx):
        return Point(self.x + dx, self.y - dx)

def walk(n):
    p = Point(0, 0)
    for i in range(n):
        p = p.moved(1)
    return p.x + p.y

print(count_down(300000))
print(nested_loops(30000))
print(float_sum(200000))
print(fib(22))
print(sieve(200000))
print(walk(100000))
