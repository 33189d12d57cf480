# no_grad / enable_grad / is_grad_enabled / set_grad_enabled.
print(is_grad_enabled())
with no_grad():
    print("in no_grad", is_grad_enabled())
    with enable_grad():
        print("in enable_grad", is_grad_enabled())
    print("back in no_grad", is_grad_enabled())
print("after", is_grad_enabled())
with no_grad() as ctx:
    print("as target", ctx)
print(set_grad_enabled(False))
print(is_grad_enabled())
with enable_grad():
    print("enable_grad inside disabled", is_grad_enabled())
print("restored to", is_grad_enabled())
with no_grad():
    with no_grad():
        print("nested no_grad", is_grad_enabled())
    print(is_grad_enabled())
set_grad_enabled(True)
print(is_grad_enabled())
cm = no_grad()
with cm:
    print("reused manager first", is_grad_enabled())
with cm:
    print("reused manager second", is_grad_enabled())
print(is_grad_enabled())
def inference(x):
    with no_grad():
        return x * 2, is_grad_enabled()
print(inference(tensor([1])), is_grad_enabled())
