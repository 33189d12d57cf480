# raise with a class, an instance, a stored instance, and from nested calls.
def fail_class():
    raise KeyError
def fail_instance():
    raise KeyError("instance")
saved = IndexError("saved", 1)
def fail_saved():
    raise saved
for fn in [fail_class, fail_instance, fail_saved]:
    try:
        fn()
    except (KeyError, IndexError) as e:
        print(repr(e), e.args, e is saved)
def a():
    b()
def b():
    c()
def c():
    raise RuntimeError("deep")
try:
    a()
except RuntimeError as e:
    print("caught from depth:", e)
class Custom(Exception):
    pass
try:
    raise Custom
except Exception as e:
    print(repr(e), isinstance(e, Custom))
def cond_raise(x):
    if x > 2:
        raise ValueError("too big: " + str(x))
    return x
results = []
for v in range(5):
    try:
        results.append(cond_raise(v))
    except ValueError as e:
        results.append(str(e))
print(results)
