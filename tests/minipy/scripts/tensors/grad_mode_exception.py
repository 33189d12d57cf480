# Grad mode is restored when an exception passes through the with block.
print(is_grad_enabled())
try:
    with no_grad():
        print("inside", is_grad_enabled())
        raise ValueError("inside no_grad")
except ValueError as e:
    print("caught", e, is_grad_enabled())
print("after", is_grad_enabled())
set_grad_enabled(False)
try:
    with enable_grad():
        print("inside enable_grad", is_grad_enabled())
        x = tensor([1, 2]) @ tensor([1, 2, 3])
except ValueError as e:
    print("caught", e)
print("restored", is_grad_enabled())
set_grad_enabled(True)
def f():
    with no_grad():
        return "returned from inside"
print(f(), is_grad_enabled())
for i in range(3):
    with no_grad():
        if i == 1:
            continue
        print("loop", i, is_grad_enabled())
print("end", is_grad_enabled())
