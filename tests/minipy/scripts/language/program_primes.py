# Prime sieve, factorization and a few number-theory helpers.
def sieve(n):
    is_p = [True for k in range(n + 1)]
    is_p[0] = False
    is_p[1] = False
    i = 2
    while i * i <= n:
        if is_p[i]:
            j = i * i
            while j <= n:
                is_p[j] = False
                j += i
        i += 1
    return [k for k in range(n + 1) if is_p[k]]
primes = sieve(100)
print(primes)
print(len(primes), sum(primes))
def factorize(n):
    out = []
    d = 2
    while d * d <= n:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1
    if n > 1:
        out.append(n)
    return out
for n in [2, 12, 97, 360, 1001, 65536, 999999]:
    print(n, factorize(n))
def digits_sum(n):
    return sum([int(c) for c in str(n)])
print(digits_sum(2 ** 50), 2 ** 50)
