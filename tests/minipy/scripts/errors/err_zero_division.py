# Uncaught ZeroDivisionError from integer division.
def average(xs):
    return sum(xs) // len(xs)
print(average([1, 2, 3]))
try:
    print(1.0 / 0)
except ZeroDivisionError as e:
    print("caught", e)
groups = [[4, 6], [9], []]
for g in groups:
    print(average(g))
