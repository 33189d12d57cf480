# Uncaught NameError inside a function.
def compute(n):
    total = 0
    for i in range(n):
        total += i
    return total + undefined_offset_value
print("start")
print("about to fail")
compute(3)
print("never")
