# Uncaught TypeError from adding str and int.
count = 3
print("count is " + str(count))
def label(name, n):
    return name + ": " + n
print(label("apples", str(count)))
try:
    print(1 + "x")
except TypeError as e:
    print("caught", e)
print(label("pears", count))
