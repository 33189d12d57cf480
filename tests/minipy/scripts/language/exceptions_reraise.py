# Bare raise re-raises the exception being handled.
def process(x):
    try:
        if x < 0:
            raise ValueError("negative: " + str(x))
        return x * 2
    except ValueError:
        print("logging and re-raising")
        raise
try:
    print(process(4))
    print(process(-1))
except ValueError as e:
    print("outer handler:", e)
def retry():
    attempts = 0
    while True:
        attempts += 1
        try:
            if attempts < 3:
                raise RuntimeError("attempt " + str(attempts))
            return attempts
        except RuntimeError as e:
            print("failed", e)
print("succeeded after", retry())
try:
    try:
        raise KeyError("kk")
    except KeyError as e:
        print("first", repr(e))
        raise e
except KeyError as e2:
    print("second", repr(e2))
try:
    try:
        raise TypeError("t")
    except TypeError:
        try:
            raise ValueError("v")
        except ValueError:
            print("inner handled")
        raise
except TypeError as e:
    print("re-raised the outer one:", e)
