# if / elif / else chains, nested ifs and truthiness of conditions.
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    elif n < 100:
        return "medium"
    else:
        return "large"
for n in [-5, 0, 3, 42, 1000]:
    print(n, classify(n))
def fizz(n):
    if n % 15 == 0:
        return "FizzBuzz"
    if n % 3 == 0:
        return "Fizz"
    if n % 5 == 0:
        return "Buzz"
    return str(n)
print(" ".join([fizz(i) for i in range(1, 16)]))
x = [1]
if x:
    if len(x) > 1:
        print("many")
    else:
        print("one")
if "":
    print("never")
elif None:
    print("never either")
else:
    print("fallthrough")
if 0.0:
    pass
else:
    print("zero float is falsy")
