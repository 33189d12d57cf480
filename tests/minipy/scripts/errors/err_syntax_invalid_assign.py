# Syntax error: invalid assignment syntax. Nothing runs.
def f(x):
    return x + 1
print("never")
for i in range(3):
    print(f(i))
x = = 1
print(x)
y = 2
print(y)
