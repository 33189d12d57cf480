# Chained comparisons: each operand evaluated at most once, short-circuiting.
def v(x, tag):
    print("eval", tag)
    return x
x = 5
print(1 < x < 10, 1 < x < 3, 10 > x >= 5, x == 5 == 5.0)
print(1 < 2 < 3 < 4, 1 < 2 > 3 < 4, 1 <= 1 <= 1)
print(v(1, "a") < v(2, "b") < v(3, "c"))
print(v(3, "a") < v(2, "b") < v(5, "c"))
print(v(1, "a") < v(2, "b") < v(0, "c") < v(9, "d"))
print(0 < x != 6, x != 5 != 6)
print("a" < "b" <= "b" < "c")
print(1 == 1.0, 2 != 2.0, 1 < 1.5 < 2)
print([1] == [1] != [2])
y = 3
if 0 <= y < 5:
    print("in range")
if not (0 <= y < 3):
    print("not in small range")
print((1 < 2) == True, (1 > 2) < 1)
