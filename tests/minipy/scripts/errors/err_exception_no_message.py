# Uncaught builtin exception without message: last line is just the type name.
def validate(xs):
    for x in xs:
        if x < 0:
            raise ValueError()
        print("valid", x)
try:
    raise ValueError()
except ValueError as e:
    print("caught empty:", repr(e), "[" + str(e) + "]")
validate([3, 1, -2, 5])
