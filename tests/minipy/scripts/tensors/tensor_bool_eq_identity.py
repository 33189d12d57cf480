# bool() of tensors; == and != are identity; ordering comparisons raise TypeError.
print(bool(tensor([1])), bool(tensor([0])), bool(tensor(0.0)), bool(tensor([[2.5]])))
if tensor(3):
    print("nonzero 0-d tensor is truthy")
if not tensor([0]):
    print("zero one-element tensor is falsy")
for t in [tensor([1, 2]), zeros(2, 2), tensor([])]:
    try:
        bool(t)
    except ValueError as e:
        print("ValueError:", e)
a = tensor([1, 2])
b = tensor([1, 2])
c = a
print(a == b, a != b, a == c, a != c, a is c, a is b)
print(a == 1, a != "x", a == None)
items = [a, b]
print(items[0] == a, items[1] == a)
try:
    print(a < b)
except TypeError as e:
    print("TypeError:", e)
try:
    print(a >= 1)
except TypeError as e:
    print("TypeError:", e)
x = tensor(2)
print(x if x else "falsy", (x and 5), (tensor(0) or "fallback"))
n = 0
while tensor(n - 3):
    n += 1
print("stopped at", n)
