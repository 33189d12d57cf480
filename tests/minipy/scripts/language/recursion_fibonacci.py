# Recursive functions: fibonacci, factorial, gcd, mutual recursion.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
print([fib(i) for i in range(15)])
print(fib(20))
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(10), fact(20))
def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)
print(gcd(48, 18), gcd(17, 5), gcd(100, 75))
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)
print(is_even(10), is_odd(7), is_even(7))
def hanoi(n, src, dst, via, moves):
    if n == 0:
        return
    hanoi(n - 1, src, via, dst, moves)
    moves.append(src + dst)
    hanoi(n - 1, via, dst, src, moves)
m = []
hanoi(4, "A", "C", "B", m)
print(len(m), m[:5])
def flatten(x, out):
    for v in x:
        if isinstance(v, list):
            flatten(v, out)
        else:
            out.append(v)
    return out
print(flatten([1, [2, [3, [4, [5]]]], 6], []))
