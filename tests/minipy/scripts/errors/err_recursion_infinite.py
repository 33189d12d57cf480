# Uncaught RecursionError from infinite recursion.
def down(n):
    return down(n - 1) + 1
def safe(n):
    if n == 0:
        return 0
    return safe(n - 1) + 1
print("safe", safe(50))
try:
    down(0)
except RecursionError:
    print("caught once")
print("recursing")
down(10)
