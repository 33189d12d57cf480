# while loops with break and continue.
i = 0
while i < 10:
    i += 1
    if i % 2 == 0:
        continue
    if i > 7:
        break
    print("odd", i)
print("after loop", i)
n = 27
steps = 0
while n != 1:
    if n % 2 == 0:
        n = n // 2
    else:
        n = 3 * n + 1
    steps += 1
print("collatz steps", steps)
found = -1
k = 0
while True:
    k += 1
    if k * k > 200:
        found = k
        break
print("first k with k*k > 200:", found)
outer = 0
while outer < 3:
    inner = 0
    while True:
        if inner == outer:
            break
        inner += 1
    print(outer, inner)
    outer += 1
count = 0
while count < 5:
    count += 1
    if count == 3:
        continue
    print("count", count)
