# Uncaught item() on a tensor with several elements.
def scalars(ts):
    out = []
    for t in ts:
        out.append(t.item())
        print("scalar", out[-1])
    return out
t = tensor([[1.5, 2.5]])
print(t[0][1].item(), t.sum().item())
print(scalars([tensor(1), tensor([2.0]), tensor([[3]])]))
print(scalars([t[0][0], t]))
