# Building strings in loops, str() of numbers, formatting by hand.
def pad(s, width):
    while len(s) < width:
        s = " " + s
    return s
rows = [("apple", 3, 1.25), ("kiwi", 12, 0.5), ("melon", 1, 3.0)]
for name, qty, price in rows:
    print(pad(name, 8) + pad(str(qty), 4) + pad(str(qty * price), 8))
total = 0.0
for name, qty, price in rows:
    total += qty * price
print("total", total)
def fmt_list(xs):
    out = "["
    for i in range(len(xs)):
        if i > 0:
            out += "; "
        out += repr(xs[i])
    return out + "]"
print(fmt_list([1, "two", 3.0, None]))
print(fmt_list([]))
acc = ""
for i in range(5):
    acc = acc + str(i) + ("," if i < 4 else "")
print(acc)
