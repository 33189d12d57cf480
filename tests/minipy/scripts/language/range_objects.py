# range with 1, 2 and 3 arguments, negative steps, len, list and iteration.
print(list(range(5)), list(range(2, 6)), list(range(0, 10, 3)))
print(list(range(10, 0, -2)), list(range(5, 5)), list(range(5, 0)), list(range(-3, 3)))
print(len(range(10)), len(range(3, 8)), len(range(0, 10, 4)), len(range(0)))
r = range(1, 4)
total = 0
for i in r:
    total += i
print(total)
for i in range(3, -1, -1):
    print(i, end=" ")
print()
print(sum(range(101)), max(range(7)), min(range(4, 9)))
print(list(range(-1, -10, -3)))
print(tuple(range(3)), sorted(range(3), reverse=True))
squares = [i * i for i in range(6)]
print(squares)
