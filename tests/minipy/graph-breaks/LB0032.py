@capture
def f(x, k):
    return x * k

set_stance("fail_on_recompile")
print(f(tensor([1.0, 2.0]), 2))
try:
    f(tensor([1.0, 2.0]), 3)
except RuntimeError as e:
    print(str(e).split(" ")[0])
