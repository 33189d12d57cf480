# BINARY_OP: the int op int fast path (+ - * and // % with non-negative operands) and
# the general path back to back (str + str, negative // and %, **, bool operands,
# in-place forms), each followed by calls.


def show(tag, x):
    print(tag, len(str(x)), x)


a = 7
b = 3
show("int + int then str + str", str(a + b) + "x" + "y")
show("int - int then list + list", [a - b] + [b - a])
show("int * int then str * int", "ab" * (a * b - 19))
show("int // int then negative //", [a // b, -a // b, a // -b])
show("int % int then negative %", [a % b, -a % b, a % -b])
show("int + int then int / int", [a + b, a / b])
show("int then power", [a * a, a ** b, b ** 0, (a - b) ** 2])
show("int then unary minus", [a - 1, (a + b) * (a - b), -(a * b)])
show("int then bool", [a + 1, a + True, True + True, False * a])
show("int then float", [a + b, a + 0.5, 2 * 1.5])
try:
    show("int then zero division", [a // b, a // 0])
except ZeroDivisionError as e:
    show("zero division", str(e))
try:
    show("int then str + int", a + b + "x")
except TypeError as e:
    show("str + int", str(e))
show("after the errors", abs(a - b * 4))


def accumulate(n):
    total = 0
    text = ""
    for i in range(n):
        total += i
        text += str(i)
        total -= i % 2
        text *= 1
        total *= 1
        total //= 1
        total %= 1000
    show("in-place", [total, text])
    return len(text) + abs(-total)


print(accumulate(6))
x = 5
x += 2
y = "a"
y += "b"
x -= 10
x //= 2
show("module in-place", [x, y, max(x, 0)])
