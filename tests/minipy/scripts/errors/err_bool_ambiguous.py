# Uncaught ambiguous truth value of a multi-element tensor.
def positive(t):
    if t:
        return "truthy"
    return "falsy"
for v in [tensor([1]), tensor(0), tensor([[2.5]])]:
    print(v, positive(v))
t = tensor([1, 2])
if t[0]:
    print("first element is truthy")
print(positive(t))
